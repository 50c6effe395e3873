import Dispatch
import Foundation
import ReactiveTesting
import Testing

@testable import Store

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writers take turns: one that finds the lock free while another writer waits for it lets
/// the waiting one go first. The waiting writer is played by the test, with its own
/// descriptors of the lock files, as another process would hold them.
@Suite(.timeLimit(.minutes(1))) struct WriterTurnTests {
  /// A writer's descriptor of one of the lock files.
  private final class LockFile: Sendable {
    let descriptor: Int32

    init(_ path: String) throws {
      descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { throw POSIXError(.EBADF) }
    }

    func lock(_ operation: Int32) { _ = flock(descriptor, operation) }

    deinit { close(descriptor) }
  }

  @Test func aWriterLetsAWaitingWriterGoFirst() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      let observer = try NotesStore.open(directory)
      let lock = try LockFile(store.lockPath)
      let wait = try LockFile(store.waitPath)
      // Another writer waits for the lock (which is free).
      wait.lock(LOCK_SH)
      let written = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        try? store.set("a", "x")
        written.signal()
      }
      // The writer finds the lock free and leaves it to the waiting one (a bound only a hang
      // reaches); it tries again and leaves it again for as long as that one waits.
      expectEqual(
        store.leftTurnToWaitingWriter.wait(timeout: .now() + 30), .success,
        "the writer did not leave its turn to a waiting writer")
      #expect(try observer.generation() == 1, "the write went ahead of a waiting writer")
      // The waiting writer's turn: it gets the lock, then leaves the waiting room.
      lock.lock(LOCK_EX)
      wait.lock(LOCK_UN)
      #expect(try observer.generation() == 1)
      lock.lock(LOCK_UN)
      expectEqual(written.wait(timeout: .now() + 10), .success)
      #expect(try observer.notes() == ["first": "1", "a": "x"])
    }
  }

  @Test func aWriterWithNobodyWaitingGoesAtOnce() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      let lock = try LockFile(store.lockPath)
      // Another writer held the lock and is done with it; nobody waits.
      lock.lock(LOCK_EX)
      lock.lock(LOCK_UN)
      try store.set("a", "x")
      try store.set("b", "y")
      #expect(try store.generation() == 3)
    }
  }
}
