import AppServer
import Foundation
import Testing

/// A storage engine the server's tests run over: each test that takes one as its argument
/// runs once per engine of ``all``.
///
/// Each test gets a fresh, empty directory (removed after it), which stands for the place
/// the data is kept: ``open`` called twice with one directory opens the same data, as a
/// restarted server or a second replica would.
struct ServerTestBackend: Sendable, CustomTestStringConvertible {
  /// The name shown in the test results.
  let name: String
  /// Opens a storage, seeded with the demo data (`ada@example.com`, "correct horse"), on the
  /// place `directory` stands for, with the clock `now`.
  let open:
    @Sendable (_ directory: URL, _ now: @escaping @Sendable () -> Date) throws -> ServerStorage
  /// Removes what ``open`` made for `directory` outside it (a database schema, say).
  let clean: @Sendable (_ directory: URL) -> Void

  var testDescription: String { name }

  /// The embedded store, with its sessions in the directory.
  static let embedded = ServerTestBackend(
    name: "embedded",
    open: { directory, now in try ServerStorage.embedded(directory: directory, now: now) },
    clean: { _ in })

  /// Every engine the tests run over. A build with PostgreSQL adds it here when a test
  /// database is configured.
  static let all: [ServerTestBackend] = [embedded] + [postgres].compactMap { $0 }
}

/// One test's place and clock, on one backend.
struct ServerTestContext: Sendable {
  let backend: ServerTestBackend
  let directory: URL
  let clock: ManualClock

  /// A new storage on this test's data, on the test's clock: a restart, or another replica.
  func open() throws -> ServerStorage {
    try backend.open(directory, clock.reader)
  }
}

extension ServerTestBackend {
  /// Runs `body` with a fresh place of this backend and a clock moved by hand, and removes
  /// the place after.
  func withContext<Result>(_ body: (ServerTestContext) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("server-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer {
      clean(directory)
      try? FileManager.default.removeItem(at: directory)
    }
    return try body(ServerTestContext(backend: self, directory: directory, clock: ManualClock()))
  }
}

/// A clock a test moves by hand.
final class ManualClock: @unchecked Sendable {
  // `@unchecked Sendable`: `time` is only touched with `lock` held.
  private let lock = NSLock()
  private var time = Date(timeIntervalSince1970: 1_000_000)

  var now: Date { lock.withLock { time } }

  /// Moves the clock forward by `seconds`.
  func advance(_ seconds: TimeInterval) {
    lock.withLock { time += seconds }
  }

  /// The clock as the closure the types under test take.
  var reader: @Sendable () -> Date { { self.now } }
}
