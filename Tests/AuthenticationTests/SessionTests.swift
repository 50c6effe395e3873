import Authentication
import Cryptography
import Foundation
import ReactiveTesting
import Testing

@Suite struct SessionTokenTests {
  @Test func aTokenIs32RandomBytesInURLSafeBase64() throws {
    let token = SessionToken.generate()
    expectEqual(token.text.count, 43)
    #expect(token.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    // Foundation reads it as standard base64 once `-` and `_` are `+` and `/` and it is padded.
    let standard = token.text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    expectEqual(Data(base64Encoded: standard + "=")?.count, 32)
    #expect(SessionToken.generate() != token)
  }

  @Test func theDigestIsTheSHA256OfTheText() throws {
    let token = SessionToken.generate()
    let standard = Data(SHA256.hash(Array(token.text.utf8))).base64EncodedString()
    expectEqual(
      token.digest,
      standard.replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: ""))
    #expect(!token.digest.contains(token.text))
  }

  @Test func malformedTokensAreRefused() throws {
    let good = SessionToken.generate().text
    #expect(SessionToken(good) != nil)
    for text in [
      "", "abc", String(good.dropLast()), good + "A",
      good.replacingOccurrences(of: good.prefix(1), with: "+"), "Bearer " + good,
      // Standard base64's characters and padding are not URL-safe base64's.
      "/" + good.dropFirst(), String(good.dropLast()) + "=", good + "=",
      // 43 characters whose last one leaves a lone character of a group: not 32 bytes.
      String(good.dropLast(3)) + "A", String(repeating: "A", count: 44),
    ] {
      #expect(SessionToken(text) == nil, "\(text)")
    }
  }

  @Test func printingATokenDoesNotShowIt() throws {
    let token = SessionToken.generate()
    #expect(!"\(token)".contains(token.text))
  }
}

@Suite struct SessionStoreTests {
  static let day: TimeInterval = 24 * 60 * 60

  @Test func aStartedSessionNamesItsSubject() throws {
    let clock = ManualClock()
    let store = SessionStore<Int>(now: clock.reader)
    let ada = try store.start(for: 1)
    let grace = try store.start(for: 2)
    #expect(try store.subject(for: ada.text) == 1)
    #expect(try store.subject(for: grace.text) == 2)
    #expect(try store.subject(for: SessionToken.generate().text) == nil)
    #expect(try store.subject(for: "not a token") == nil)
  }

  @Test func onlyTheDigestIsKept() throws {
    let store = SessionStore<Int>()
    let token = try store.start(for: 1)
    #expect(try store.records.map(\.digest) == [token.digest])
    let records = try store.records
    #expect(!"\(records)".contains(token.text))
  }

  @Test func aSessionExpiresAfter30DaysWithoutUse() throws {
    let clock = ManualClock()
    let store = SessionStore<Int>(now: clock.reader)
    expectEqual(store.inactivityLimit, .seconds(30 * 24 * 60 * 60))
    let token = try store.start(for: 1)
    clock.advance(30 * Self.day - 1)
    #expect(try store.subject(for: token.text) == 1)
    // That use moved the expiry: 30 days from now, not from the start.
    clock.advance(30 * Self.day - 1)
    #expect(try store.subject(for: token.text) == 1)
    clock.advance(30 * Self.day)
    #expect(try store.subject(for: token.text) == nil)
    #expect(try store.records.isEmpty)
  }

  @Test func theLimitCanBeChosen() throws {
    let clock = ManualClock()
    let store = SessionStore<Int>(inactivityLimit: .seconds(60), now: clock.reader)
    let token = try store.start(for: 1)
    clock.advance(59)
    #expect(try store.subject(for: token.text) == 1)
    clock.advance(60)
    #expect(try store.subject(for: token.text) == nil)
  }

  @Test func endingASessionLogsOutThatTokenOnly() throws {
    let store = SessionStore<Int>()
    let first = try store.start(for: 1)
    let second = try store.start(for: 1)
    try store.end(first.text)
    #expect(try store.subject(for: first.text) == nil)
    #expect(try store.subject(for: second.text) == 1)
    try store.end("garbage")
    #expect(try store.subject(for: second.text) == 1)
  }

  @Test func endAllEndsEverySessionOfASubject() throws {
    let store = SessionStore<Int>()
    let first = try store.start(for: 1)
    let second = try store.start(for: 1)
    let other = try store.start(for: 2)
    try store.endAll(for: 1)
    #expect(try store.subject(for: first.text) == nil)
    #expect(try store.subject(for: second.text) == nil)
    #expect(try store.subject(for: other.text) == 2)
  }

  @Test func savedSessionsAreRestoredWithoutTheExpiredOnes() throws {
    let clock = ManualClock()
    let store = SessionStore<Int>(now: clock.reader)
    let old = try store.start(for: 1)
    clock.advance(20 * Self.day)
    let recent = try store.start(for: 2)
    let saved = try store.records
    expectEqual(saved.count, 2)
    clock.advance(15 * Self.day)
    let restored = SessionStore<Int>(records: saved, now: clock.reader)
    #expect(try restored.subject(for: old.text) == nil)
    #expect(try restored.subject(for: recent.text) == 2)
  }

  @Test func startingOneSessionTooManyEndsTheSubjectsOldest() throws {
    let clock = ManualClock()
    let store = SessionStore<Int>(maximumPerSubject: 3, now: clock.reader)
    expectEqual(store.maximumPerSubject, 3)
    var tokens: [SessionToken] = []
    for _ in 0..<3 {
      tokens.append(try store.start(for: 1))
      clock.advance(1)
    }
    let other = try store.start(for: 2)
    // Using the oldest session does not make it younger: the one that started first ends.
    #expect(try store.subject(for: tokens[0].text) == 1)
    let fourth = try store.start(for: 1)
    #expect(try store.subject(for: tokens[0].text) == nil)
    #expect(try tokens[1...].allSatisfy { try store.subject(for: $0.text) == 1 })
    #expect(try store.subject(for: fourth.text) == 1)
    #expect(try store.subject(for: other.text) == 2)
    #expect(try store.records.filter { $0.subject == 1 }.count == 3)
  }

  @Test func theDefaultCapIsTenSessionsASubject() throws {
    let store = SessionStore<Int>()
    let first = try store.start(for: 1)
    for _ in 0..<9 { _ = try store.start(for: 1) }
    #expect(try store.subject(for: first.text) == 1)
    _ = try store.start(for: 1)
    #expect(try store.subject(for: first.text) == nil)
    #expect(try store.records.count == 10)
  }

  @Test func expiredSessionsAreSweptWithoutBeingUsedAgain() throws {
    let clock = ManualClock()
    let store = SessionStore<Int>(inactivityLimit: .seconds(60), now: clock.reader)
    let idle = try store.start(for: 1)
    let busy = try store.start(for: 2)
    clock.advance(40)
    #expect(try store.subject(for: busy.text) == 2)
    clock.advance(30)
    #expect(try store.sweepExpired() == 1)
    #expect(try store.records.map(\.digest) == [busy.digest])
    #expect(try store.sweepExpired() == 0)
    // Starting a session sweeps too.
    clock.advance(60)
    _ = try store.start(for: 3)
    #expect(try store.sweepExpired() == 0)
    #expect(try store.records.map(\.subject) == [3])
    #expect(try store.subject(for: idle.text) == nil)
  }
}

@Suite struct MemorySessionStorageTests {
  static let start = Date(timeIntervalSince1970: 1_000_000)

  static func record(_ digest: String, _ subject: Int, at offset: TimeInterval = 0)
    -> SessionRecord<Int>
  {
    let time = start.addingTimeInterval(offset)
    return SessionRecord(digest: digest, subject: subject, started: time, lastUsed: time)
  }

  @Test func theInsertedRecordIsKeptWhenOthersStartedAtTheSameInstant() {
    let storage = MemorySessionStorage<Int>()
    for digest in ["b", "c", "d"] {
      storage.insert(Self.record(digest, 1), maximumPerSubject: 3, expiredBefore: .distantPast)
    }
    // "a" sorts first, but it is the newest: "b", the oldest of the others, ends.
    storage.insert(Self.record("a", 1), maximumPerSubject: 3, expiredBefore: .distantPast)
    expectEqual(Set(storage.all().map(\.digest)), ["a", "c", "d"])
  }

  @Test func anInsertRemovesTheExpiredSessionsOfEverySubject() {
    let storage = MemorySessionStorage<Int>()
    storage.insert(Self.record("old", 2), maximumPerSubject: 10, expiredBefore: .distantPast)
    storage.insert(
      Self.record("new", 1, at: 100), maximumPerSubject: 10,
      expiredBefore: Self.start.addingTimeInterval(50))
    expectEqual(storage.all().map(\.digest), ["new"])
  }

  @Test func aUseWritesOnlyOncePerTouchInterval() {
    let storage = MemorySessionStorage<Int>()
    storage.insert(Self.record("a", 1), maximumPerSubject: 10, expiredBefore: .distantPast)
    let minute = Duration.seconds(60)
    expectEqual(
      storage.use(
        digest: "a", at: Self.start.addingTimeInterval(30), expiredBefore: .distantPast,
        touchInterval: minute), 1)
    expectEqual(storage.all().first?.lastUsed, Self.start)
    expectEqual(
      storage.use(
        digest: "a", at: Self.start.addingTimeInterval(61), expiredBefore: .distantPast,
        touchInterval: minute), 1)
    expectEqual(storage.all().first?.lastUsed, Self.start.addingTimeInterval(61))
    #expect(
      storage.use(
        digest: "a", at: Self.start.addingTimeInterval(200),
        expiredBefore: Self.start.addingTimeInterval(62), touchInterval: minute) == nil)
    #expect(storage.all().isEmpty)
  }
}
