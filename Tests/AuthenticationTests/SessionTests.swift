import Authentication
import Cryptography
import Foundation
import Testing

@Suite struct SessionTokenTests {
  @Test func aTokenIs32RandomBytesInURLSafeBase64() throws {
    let token = SessionToken.generate()
    #expect(token.text.count == 43)
    #expect(token.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    // Foundation reads it as standard base64 once `-` and `_` are `+` and `/` and it is padded.
    let standard = token.text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    #expect(Data(base64Encoded: standard + "=")?.count == 32)
    #expect(SessionToken.generate() != token)
  }

  @Test func theDigestIsTheSHA256OfTheText() throws {
    let token = SessionToken.generate()
    let standard = Data(SHA256.hash(Array(token.text.utf8))).base64EncodedString()
    #expect(
      token.digest
        == standard.replacingOccurrences(of: "+", with: "-")
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
    let ada = store.start(for: 1)
    let grace = store.start(for: 2)
    #expect(store.subject(for: ada.text) == 1)
    #expect(store.subject(for: grace.text) == 2)
    #expect(store.subject(for: SessionToken.generate().text) == nil)
    #expect(store.subject(for: "not a token") == nil)
  }

  @Test func onlyTheDigestIsKept() throws {
    let store = SessionStore<Int>()
    let token = store.start(for: 1)
    #expect(store.records.map(\.digest) == [token.digest])
    #expect(!"\(store.records)".contains(token.text))
  }

  @Test func aSessionExpiresAfter30DaysWithoutUse() throws {
    let clock = ManualClock()
    let store = SessionStore<Int>(now: clock.reader)
    #expect(store.inactivityLimit == .seconds(30 * 24 * 60 * 60))
    let token = store.start(for: 1)
    clock.advance(30 * Self.day - 1)
    #expect(store.subject(for: token.text) == 1)
    // That use moved the expiry: 30 days from now, not from the start.
    clock.advance(30 * Self.day - 1)
    #expect(store.subject(for: token.text) == 1)
    clock.advance(30 * Self.day)
    #expect(store.subject(for: token.text) == nil)
    #expect(store.records.isEmpty)
  }

  @Test func theLimitCanBeChosen() throws {
    let clock = ManualClock()
    let store = SessionStore<Int>(inactivityLimit: .seconds(60), now: clock.reader)
    let token = store.start(for: 1)
    clock.advance(59)
    #expect(store.subject(for: token.text) == 1)
    clock.advance(60)
    #expect(store.subject(for: token.text) == nil)
  }

  @Test func endingASessionLogsOutThatTokenOnly() throws {
    let store = SessionStore<Int>()
    let first = store.start(for: 1)
    let second = store.start(for: 1)
    store.end(first.text)
    #expect(store.subject(for: first.text) == nil)
    #expect(store.subject(for: second.text) == 1)
    store.end("garbage")
    #expect(store.subject(for: second.text) == 1)
  }

  @Test func endAllEndsEverySessionOfASubject() throws {
    let store = SessionStore<Int>()
    let first = store.start(for: 1)
    let second = store.start(for: 1)
    let other = store.start(for: 2)
    store.endAll(for: 1)
    #expect(store.subject(for: first.text) == nil)
    #expect(store.subject(for: second.text) == nil)
    #expect(store.subject(for: other.text) == 2)
  }

  @Test func savedSessionsAreRestoredWithoutTheExpiredOnes() throws {
    let clock = ManualClock()
    let store = SessionStore<Int>(now: clock.reader)
    let old = store.start(for: 1)
    clock.advance(20 * Self.day)
    let recent = store.start(for: 2)
    let saved = store.records
    #expect(saved.count == 2)
    clock.advance(15 * Self.day)
    let restored = SessionStore<Int>(records: saved, now: clock.reader)
    #expect(restored.subject(for: old.text) == nil)
    #expect(restored.subject(for: recent.text) == 2)
  }

  @Test func startingOneSessionTooManyEndsTheSubjectsOldest() throws {
    let clock = ManualClock()
    let store = SessionStore<Int>(maximumPerSubject: 3, now: clock.reader)
    #expect(store.maximumPerSubject == 3)
    var tokens: [SessionToken] = []
    for _ in 0..<3 {
      tokens.append(store.start(for: 1))
      clock.advance(1)
    }
    let other = store.start(for: 2)
    // Using the oldest session does not make it younger: the one that started first ends.
    #expect(store.subject(for: tokens[0].text) == 1)
    let fourth = store.start(for: 1)
    #expect(store.subject(for: tokens[0].text) == nil)
    #expect(tokens[1...].allSatisfy { store.subject(for: $0.text) == 1 })
    #expect(store.subject(for: fourth.text) == 1)
    #expect(store.subject(for: other.text) == 2)
    #expect(store.records.filter { $0.subject == 1 }.count == 3)
  }

  @Test func theDefaultCapIsTenSessionsASubject() throws {
    let store = SessionStore<Int>()
    let first = store.start(for: 1)
    for _ in 0..<9 { _ = store.start(for: 1) }
    #expect(store.subject(for: first.text) == 1)
    _ = store.start(for: 1)
    #expect(store.subject(for: first.text) == nil)
    #expect(store.records.count == 10)
  }

  @Test func expiredSessionsAreSweptWithoutBeingUsedAgain() throws {
    let clock = ManualClock()
    let store = SessionStore<Int>(inactivityLimit: .seconds(60), now: clock.reader)
    let idle = store.start(for: 1)
    let busy = store.start(for: 2)
    clock.advance(40)
    #expect(store.subject(for: busy.text) == 2)
    clock.advance(30)
    #expect(store.sweepExpired() == 1)
    #expect(store.records.map(\.digest) == [busy.digest])
    #expect(store.sweepExpired() == 0)
    // Starting a session sweeps too.
    clock.advance(60)
    _ = store.start(for: 3)
    #expect(store.sweepExpired() == 0)
    #expect(store.records.map(\.subject) == [3])
    #expect(store.subject(for: idle.text) == nil)
  }
}
