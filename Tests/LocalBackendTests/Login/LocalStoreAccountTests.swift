import Authentication
import Foundation
import LocalBackend
import Models
import ReactiveTesting
import Synchronization
import TestSupport
import Testing

@Suite struct LocalStoreAccountTests {
  @Test func newStoreIsSignedOut() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .quickLogin)
      #expect(try store.accountStatus() == .unavailable)
    }
  }

  @Test func signingInWithTheDemoAccountAuthorizes() throws {
    try withTemporaryDirectory { directory in
      // The shipped seed, with the full iteration count.
      let store = try LocalStore(directory: directory)
      let account = try store.logIn(email: "ada@example.com", password: "correct horse")
      expectEqual(account, Account(email: "ada@example.com", displayName: "Ada"))
      #expect(try store.accountStatus() == .authorized(account))
      // Another instance (another process, in real use) sees the same status.
      #expect(try LocalStore(directory: directory).accountStatus() == .authorized(account))
    }
  }

  @Test func emailIgnoresCaseAndSurroundingSpaces() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .quickLogin)
      #expect(throws: Never.self) {
        try store.logIn(email: "  ADA@Example.com ", password: "correct horse")
      }
    }
  }

  @Test func wrongPasswordOrEmailFailsAndChangesNothing() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .quickLogin)
      let before = try store.fileURL.bytes()
      #expect(throws: StoreError.wrongPassword) {
        try store.logIn(email: "ada@example.com", password: "Correct horse")
      }
      #expect(throws: StoreError.wrongPassword) {
        try store.logIn(email: "grace@example.com", password: "correct horse")
      }
      #expect(try store.accountStatus() == .unavailable)
      #expect(try store.fileURL.bytes() == before)
    }
  }

  @Test func signingOutMakesTheAccountUnavailable() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .quickLogin)
      try store.logIn(email: "ada@example.com", password: "correct horse")
      try store.logOut()
      #expect(try store.accountStatus() == .unavailable)
      try store.logOut()
      #expect(try store.accountStatus() == .unavailable)
    }
  }

  @Test func passwordResetAcceptsValidAddressesOnly() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .quickLogin)
      let before = try store.fileURL.bytes()
      try store.requestPasswordReset(email: "someone@example.org")
      #expect(throws: StoreError.invalidInput("Enter an email address.")) {
        try store.requestPasswordReset(email: " ")
      }
      #expect(
        throws: StoreError.invalidInput(
          "An email address needs text on both sides of \"@\", like ada@example.com.")
      ) {
        try store.requestPasswordReset(email: "ada@")
      }
      #expect(try store.fileURL.bytes() == before)
    }
  }
}

/// A clock a test moves by hand, for the login throttle.
private final class HandClock: Sendable {
  private let time = Mutex(Date(timeIntervalSince1970: 1_000_000))

  var now: Date { time.withLock { $0 } }

  func advance(_ seconds: TimeInterval) {
    time.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}

@Suite struct LocalStoreLoginThrottleTests {
  @Test func fiveWrongPasswordsMakeTheAddressWaitAndEachFurtherOneDoublesTheWait() throws {
    try withTemporaryDirectory { directory in
      let clock = HandClock()
      let store = try LocalStore(
        directory: directory, seed: .quickLogin,
        throttle: LoginThrottle(now: { clock.now }))
      for _ in 1...5 {
        #expect(throws: StoreError.wrongPassword) {
          try store.logIn(email: "ada@example.com", password: "guess1234")
        }
      }
      // The right password is refused too, for the same address in any case.
      #expect(throws: StoreError.tooManyAttempts(retryAfter: 30)) {
        try store.logIn(email: " ADA@example.com", password: StoreSeed.demoPassword)
      }
      #expect(
        StoreError.tooManyAttempts(retryAfter: 30).description
          == "too many attempts; try again in 30 s")
      #expect(try store.accountStatus() == .unavailable)
      clock.advance(29)
      #expect(throws: StoreError.tooManyAttempts(retryAfter: 1)) {
        try store.logIn(email: "ada@example.com", password: StoreSeed.demoPassword)
      }
      clock.advance(1)
      #expect(throws: StoreError.wrongPassword) {
        try store.logIn(email: "ada@example.com", password: "guess1234")
      }
      #expect(throws: StoreError.tooManyAttempts(retryAfter: 60)) {
        try store.logIn(email: "ada@example.com", password: StoreSeed.demoPassword)
      }
      clock.advance(60)
      #expect(
        try store.logIn(email: "ada@example.com", password: StoreSeed.demoPassword)
          == StoreSeed.demoAccount)
      // A success resets the count: four new failures start no wait.
      for _ in 1...4 {
        #expect(throws: StoreError.wrongPassword) {
          try store.logIn(email: "ada@example.com", password: "guess1234")
        }
      }
      #expect(throws: Never.self) {
        try store.logIn(email: "ada@example.com", password: StoreSeed.demoPassword)
      }
    }
  }
}
