import AppComposition
import Dispatch
import Foundation
import FriendsServer
import HTTPServer
// friends-server: serves the Friends HTTP API from the embedded store.
//
//   friends-server [--port N] [--data-dir PATH]
//   friends-server --help | --version
//
// Prints the URL it listens on as the only line on standard output, messages on standard
// error. Stops cleanly on SIGINT (Ctrl-C) or SIGTERM: it stops accepting, closes open
// connections and exits 0. Exits 1 when the store cannot be opened or the port cannot be
// listened on, 64 on a usage error.
import LocalBackend

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func printError(_ message: String) {
  FileHandle.standardError.write(Data("friends-server: \(message)\n".utf8))
}

let options: ServerOptions
do {
  options = try ServerOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  printError("\(error)\n\n\(ServerOptions.usage)")
  exit(64)
}
if options.showsHelp {
  print(ServerOptions.usage)
  exit(0)
}
if options.showsVersion {
  print("\(AppIdentity.serverCommand) \(AppIdentity.version)")
  exit(0)
}

let directory = DataDirectory.resolve(
  explicit: options.dataDirectory, environment: ProcessInfo.processInfo.environment)
let server: HTTPServer
do {
  let store = try LocalStore(directory: directory.url)
  let api = FriendsAPI(store: store, log: { printError($0) })
  server = try HTTPServer(
    configuration: HTTPServerConfiguration(port: options.port), router: api.router)
} catch {
  printError("\(error)")
  exit(1)
}

// Signals are handled on the main queue instead of interrupting whatever runs.
var signalSources: [any DispatchSourceSignal] = []
for signalNumber in [SIGINT, SIGTERM] {
  signal(signalNumber, SIG_IGN)
  let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
  source.setEventHandler {
    server.stop()
    printError("stopped")
    exit(0)
  }
  source.resume()
  signalSources.append(source)
}

FileHandle.standardOutput.write(Data((server.url.absoluteString + "\n").utf8))
printError("serving \(directory.url.path) at \(server.url.absoluteString); Ctrl-C stops")
dispatchMain()
