// friends-web: the Friends app in the browser.
//
// Serves the pages on 127.0.0.1 with the project's HTTP server: every request is answered
// on the main queue, where the tabs' view models run on the main scheduler, as the other
// fronts' do. The address printed carries a key; only a browser that opened it gets in.
import AppComposition
import CommandLineKit
import Dispatch
import Foundation
import HTTPServer
import ReactiveCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let processEnvironment = ProcessInfo.processInfo.environment
let console = Console.standard(environment: processEnvironment)

/// Prints `error: message` on standard error and exits with `code`.
func fail(_ message: String, code: Int32) -> Never {
  console.errors.writeLine(
    "\(console.errorStyle.bold(console.errorStyle.red("error:"))) \(message)")
  exit(code)
}

let options: Options
let server: ServerChoice?
let environment: [String: String]
switch Options.program.prepare(Array(CommandLine.arguments.dropFirst()), console: console) {
case .finished(let code):
  exit(code.rawValue)
case .run(let parsed, _):
  do {
    options = try Options(parsed, environment: processEnvironment)
    environment = try PathValue.checkedVariable(
      DataDirectory.environmentVariable, in: processEnvironment)
    server = try options.serverChoice(environment: environment)
  } catch {
    Options.program.report(error, console: console)
    exit(ExitCode.usage.rawValue)
  }
}

if let server, let refusal = AppServices.serverRefusal(server.url) {
  fail(refusal, code: 1)
}

let scheduler = MainScheduler.instance
let services: AppServices
do {
  services = try options.makeServices(
    server: server, environment: environment, scheduler: scheduler)
} catch {
  let directory = options.dataDirectory(environment: environment).url.path
  fail("cannot open the data in \(directory): \(error)", code: 1)
}

/// The front, set once the server listens (its cookie is named after the port).
@MainActor final class FrontHolder {
  var front: WebApplication?
}
let holder = FrontHolder()

// Each open tab holds a connection for its live updates, and every tab comes from this
// machine: the limits are the tabs', not a public server's. Inputs must be JSON from the
// page's own origin, and the Host must name this machine (the defaults).
let configuration = HTTPServerConfiguration(
  host: "127.0.0.1", port: options.port,
  maximumConnections: WebApplication.maximumTabs + 16,
  maximumConnectionsPerClient: WebApplication.maximumTabs + 16)
let httpServer: HTTPServer
do {
  httpServer = try HTTPServer(configuration: configuration) { request in
    DispatchQueue.main.sync {
      MainActor.assumeIsolated {
        holder.front?.respond(to: request)
          ?? .error(status: 503, message: "starting; try again in a moment")
      }
    }
  }
} catch {
  fail("cannot serve on 127.0.0.1:\(options.port): \(error)", code: 1)
}

let key = WebApplication.randomToken()
holder.front = WebApplication(
  services: services, scheduler: scheduler, key: key,
  cookieName: "\(AppIdentity.dataFolderName)-\(httpServer.port)")
console.output.writeLine(
  "\(AppIdentity.name) is served at \(httpServer.url.absoluteString)/?key=\(key)")
console.output.writeLine("Open that address in a browser; Ctrl-C stops the server.")
signal(SIGPIPE, SIG_IGN)
dispatchMain()
