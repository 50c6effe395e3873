import Authentication
import Foundation
import ReactiveTesting
import TestSupport
import Testing

@Suite struct FileSessionStorageTests {
  static let day: TimeInterval = 24 * 60 * 60

  static func store(_ directory: URL, clock: ManualClock) throws -> SessionStore<String> {
    SessionStore(storage: try FileSessionStorage<String>(directory: directory), now: clock.reader)
  }

  static func file(_ directory: URL) -> URL {
    directory.appendingPathComponent(FileSessionStorage<String>.fileName)
  }

  @Test func sessionsSurviveReopeningTheDirectory() throws {
    try withTemporaryDirectory { directory in
      let clock = ManualClock()
      let token = try Self.store(directory, clock: clock).start(for: "ada@example.com")
      clock.advance(Self.day)
      let reopened = try Self.store(directory, clock: clock)
      #expect(try reopened.subject(for: token.text) == "ada@example.com")
      try reopened.end(token.text)
      #expect(try Self.store(directory, clock: clock).subject(for: token.text) == nil)
    }
  }

  @Test func twoStoragesOnOneDirectoryShareSessionsAndLogouts() throws {
    try withTemporaryDirectory { directory in
      let clock = ManualClock()
      let first = try Self.store(directory, clock: clock)
      let second = try Self.store(directory, clock: clock)
      let token = try first.start(for: "ada@example.com")
      #expect(try second.subject(for: token.text) == "ada@example.com")
      try second.end(token.text)
      #expect(try first.subject(for: token.text) == nil)
      let other = try second.start(for: "grace@example.com")
      try first.endAll(for: "grace@example.com")
      #expect(try second.subject(for: other.text) == nil)
    }
  }

  @Test func aUseIsWrittenOnlyOncePerTouchInterval() throws {
    try withTemporaryDirectory { directory in
      let clock = ManualClock()
      let store = try Self.store(directory, clock: clock)
      let token = try store.start(for: "ada@example.com")
      let written = try Self.file(directory).bytes()
      clock.advance(30)
      #expect(try store.subject(for: token.text) == "ada@example.com")
      #expect(try Self.file(directory).bytes() == written)
      clock.advance(31)
      #expect(try store.subject(for: token.text) == "ada@example.com")
      #expect(try Self.file(directory).bytes() != written)
      #expect(try store.records.first?.lastUsed == clock.now)
    }
  }

  @Test func theFileHoldsDigestsOnlyAndOnlyItsOwnerMayReadIt() throws {
    try withTemporaryDirectory { directory in
      let token = try Self.store(directory, clock: ManualClock()).start(for: "ada@example.com")
      let text = String(decoding: try Self.file(directory).bytes(), as: UTF8.self)
      #expect(text.contains(token.digest))
      #expect(!text.contains(token.text))
      for name in [FileSessionStorage<String>.fileName, FileSessionStorage<String>.lockFileName] {
        let attributes = try FileManager.default.attributesOfItem(
          atPath: directory.appendingPathComponent(name).path)
        expectEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600, "\(name)")
      }
    }
  }

  @Test func aFileOthersMayReadIsMadePrivateWhenOpened() throws {
    try withTemporaryDirectory { directory in
      _ = try Self.store(directory, clock: ManualClock()).start(for: "ada@example.com")
      let path = Self.file(directory).path
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
      _ = try FileSessionStorage<String>(directory: directory)
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      expectEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }
  }

  @Test(arguments: [
    "not json", #"{"version": 1}"#, #"{"version": 2, "sessions": []}"#,
    #"{"version": 1, "sessions": [{"digest": "a"}]}"#,
  ])
  func aDamagedFileIsReportedAndLeftUntouched(contents: String) throws {
    try withTemporaryDirectory { directory in
      let file = Self.file(directory)
      try Data(contents.utf8).write(to: file)
      #expect {
        _ = try FileSessionStorage<String>(directory: directory)
      } throws: { error in
        guard case .damaged(let path, _) = error as? StorageFileError else { return false }
        return path == file.path && "\(error)".contains("left untouched")
      }
      // Damaged after opening: every operation fails, and nothing is written over it.
      try Data("{\"version\": 1, \"sessions\": []}".utf8).write(to: file)
      let store = try Self.store(directory, clock: ManualClock())
      try Data(contents.utf8).write(to: file)
      #expect(throws: StorageFileError.self) { try store.start(for: "ada@example.com") }
      #expect(throws: StorageFileError.self) { try store.sweepExpired() }
      #expect(try file.bytes() == Data(contents.utf8))
    }
  }

  @Test func expiredSessionsAreSweptFromTheFile() throws {
    try withTemporaryDirectory { directory in
      let clock = ManualClock()
      let store = try Self.store(directory, clock: clock)
      _ = try store.start(for: "ada@example.com")
      clock.advance(20 * Self.day)
      let recent = try store.start(for: "grace@example.com")
      clock.advance(15 * Self.day)
      #expect(try store.sweepExpired() == 1)
      let stored = try FileSessionStorage<String>(directory: directory).all()
      expectEqual(stored.map(\.digest), [recent.digest])
    }
  }

  @Test func theCapHoldsAcrossStoragesOnOneDirectory() throws {
    try withTemporaryDirectory { directory in
      let clock = ManualClock()
      let stores = [
        try Self.store(directory, clock: clock), try Self.store(directory, clock: clock),
      ]
      var tokens: [SessionToken] = []
      for index in 0..<11 {
        tokens.append(try stores[index % 2].start(for: "ada@example.com"))
        clock.advance(1)
      }
      #expect(try stores[1].subject(for: tokens[0].text) == nil)
      #expect(try tokens[1...].allSatisfy { try stores[0].subject(for: $0.text) != nil })
    }
  }

  @Test func threadsOfTwoStoragesLoseNoSession() async throws {
    try await withTemporaryDirectory { directory in
      let clock = ManualClock()
      let stores = [
        try Self.store(directory, clock: clock), try Self.store(directory, clock: clock),
      ]
      let tokens = try await withThrowingTaskGroup(of: SessionToken.self) { group in
        for index in 0..<40 {
          group.addTask { try stores[index % 2].start(for: "user\(index)") }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(try stores[0].records.count == 40)
      for token in tokens { #expect(try stores[1].subject(for: token.text) != nil) }
    }
  }
}
