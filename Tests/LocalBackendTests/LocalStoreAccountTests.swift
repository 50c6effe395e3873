import Foundation
import LocalBackend
import Models
import TestSupport
import Testing

@Suite struct LocalStoreAccountTests {
  @Test func newStoreIsSignedOut() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      #expect(try store.accountStatus() == .unavailable)
    }
  }

  @Test func signingInWithTheDemoAccountAuthorizes() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let account = try store.logIn(email: "ada@example.com", password: "correct horse")
      #expect(account == Account(email: "ada@example.com", displayName: "Ada"))
      #expect(try store.accountStatus() == .authorized(account))
      // Another instance (another process, in real use) sees the same status.
      #expect(try LocalStore(directory: directory).accountStatus() == .authorized(account))
    }
  }

  @Test func emailIgnoresCaseAndSurroundingSpaces() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      #expect(throws: Never.self) {
        try store.logIn(email: "  ADA@Example.com ", password: "correct horse")
      }
    }
  }

  @Test func wrongPasswordOrEmailFailsAndChangesNothing() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
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
      let store = try LocalStore(directory: directory)
      try store.logIn(email: "ada@example.com", password: "correct horse")
      try store.logOut()
      #expect(try store.accountStatus() == .unavailable)
      try store.logOut()
      #expect(try store.accountStatus() == .unavailable)
    }
  }

  @Test func passwordResetAcceptsValidAddressesOnly() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
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
