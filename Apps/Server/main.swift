import AppComposition
import AppServer
import CommandLineKit
import Dispatch
import Foundation
import HTTPServer
// friends-server: serves the app's HTTP API from the embedded store, or from PostgreSQL.
//
//   friends-server [--port N] [--listen ADDRESS] [--allowed-host NAME]...
//                  [--trusted-proxy ADDRESS]... [--data-dir PATH | --database URL]
//   friends-server --help | --version
//
// Prints the URL it listens on as the only line on standard output, messages on standard
// error. Over the embedded store, sessions are kept in sessions.json in the data directory:
// they survive restarts, and several servers on one directory share them; over PostgreSQL,
// sessions and the login throttle are in the database, shared by every replica. Stops cleanly
// on SIGINT (Ctrl-C) or SIGTERM: it stops accepting, closes open connections and exits 0.
// Exits 1 when the store, the sessions' file or the database cannot be opened, when the port
// cannot be listened on, or when a database is asked of a build without the Postgres trait;
// 64 on a usage error. The command line is read with CommandLineKit (ServerCommandLine.swift),
// as `friends` reads its own. A database's password is never printed: connection strings are
// shown through PostgresURL, which hides it.
import LocalBackend
import PostgresClient

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The server's log on standard error: one logfmt line per event (see `ServerLog`).
let log = ServerLog { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }

// What the server creates (the data directory, its files) is for its own user alone.
umask(0o077)

let console = Console.standard()
let options: ServerOptions
/// The process's environment with `FRIENDS_DATA_DIR` checked and a leading `~` expanded.
let environment: [String: String]
// Help, the version and usage errors are printed as `friends` prints them, with status 0 or 64.
switch ServerCommandLine.program.prepare(Array(CommandLine.arguments.dropFirst()), console: console)
{
case .finished(let code):
  exit(code.rawValue)
case .run(let parsed, _):
  do {
    let processEnvironment = ProcessInfo.processInfo.environment
    options = try ServerCommandLine.options(parsed, environment: processEnvironment)
    environment = try PathValue.checkedVariable(
      DataDirectory.environmentVariable, in: processEnvironment)
  } catch {
    ServerCommandLine.program.report(error, console: console)
    exit(ExitCode.usage.rawValue)
  }
}

func fail(_ message: String) -> Never {
  console.errors.writeLine(
    "\(console.errorStyle.bold(console.errorStyle.red("error:"))) \(message)")
  exit(ExitCode.failure.rawValue)
}

/// What the server serves from, for its log: a directory, or a database without its password.
let place: String
let server: HTTPServer
let storage: ServerStorage
do {
  if let database = options.database.flatMap(PostgresURL.init) {
    #if Postgres
      storage = try ServerStorage.postgres(url: database)
      place = "PostgreSQL \(database)"
    #else
      fail(
        "this build of \(AppIdentity.serverCommand) has no PostgreSQL support, so it cannot use "
          + "\(database); build it with `swift build --traits Postgres` (libpq needed), or "
          + "serve from a data directory with --data-dir")
    #endif
  } else {
    let directory = DataDirectory.resolve(
      explicit: options.dataDirectory, environment: environment)
    storage = try ServerStorage.embedded(directory: directory.url)
    place = directory.url.path
  }
  let api = ServerAPI(storage: storage, log: log.write)
  server = try HTTPServer(
    configuration: options.httpConfiguration,
    onEvent: { event in
      // What the server refuses by itself, before any handler: too large, too slow, a
      // foreign host or origin, no room.
      if case .rejected(let connection, let status) = event {
        log.record(
          .warn, "request.rejected", ["status": "\(status)", "connection": "\(connection)"])
      }
    }, router: api.router)
} catch {
  fail("\(error)")
}

// Signals are handled on the main queue instead of interrupting whatever runs.
var signalSources: [any DispatchSourceSignal] = []
for signalNumber in [SIGINT, SIGTERM] {
  signal(signalNumber, SIG_IGN)
  let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
  source.setEventHandler {
    server.stop()
    log.record(.info, "server.stopped", [:])
    exit(0)
  }
  source.resume()
  signalSources.append(source)
}

/// Sweeps the expired sessions and the quiet throttle keys of `storage` every hour (besides
/// at each login, when the sessions are swept too), and logs what it does.
func sweepEveryHour(_ storage: ServerStorage) -> any DispatchSourceTimer {
  let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
  timer.schedule(deadline: .now() + .seconds(3600), repeating: .seconds(3600))
  timer.setEventHandler {
    do {
      let swept = try storage.sessions.sweepExpired()
      try storage.throttle.forgetQuietKeys()
      if swept > 0 { log.record(.info, "sessions.swept", ["ended": "\(swept)"]) }
    } catch {
      log.record(.error, "storage.fault", ["action": "sweep", "message": "\(error)"])
    }
  }
  timer.resume()
  return timer
}
let sweep = sweepEveryHour(storage)

FileHandle.standardOutput.write(Data((server.url.absoluteString + "\n").utf8))
log.record(.info, "server.serving", ["place": place, "url": server.url.absoluteString])
dispatchMain()
