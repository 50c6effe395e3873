import AppAPI
import AppServer
import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveTesting
import RemoteBackend
import TestSupport
import Testing

/// Every endpoint end to end: HTTPClient → HTTPServer with ServerAPI → LocalStore.
@Suite(.timeLimit(.minutes(3))) struct HTTPClientEndpointTests {
  private let demoPassword = StoreSeed.demoPassword

  @Test func logInLogOutAndAccountStatusFollowTheSession() async throws {
    try await withAppServer(signedIn: false) { fixture in
      let client = fixture.client
      #expect(try await client.accountStatus() == .unavailable)
      let account = try await client.logIn(email: " ADA@example.com ", password: demoPassword)
      expectEqual(account, StoreSeed.demoAccount)
      #expect(try await client.accountStatus() == .authorized(StoreSeed.demoAccount))
      // The server's sessions leave the store's own "signed in" flag alone.
      #expect(try fixture.store.accountStatus() == .unavailable)
      try await client.logOut()
      #expect(try await client.accountStatus() == .unavailable)
      try await client.logOut()
      #expect(try fixture.sessions.records.isEmpty)
    }
  }

  @Test func aWrongPasswordIsWrongCredentials() async throws {
    try await withAppServer { fixture in
      let failure = await serviceError {
        try await fixture.client.logIn(email: "ada@example.com", password: "not the password")
      }
      expectEqual(failure, .wrongCredentials)
      let status = try fixture.store.accountStatus()
      expectEqual(status, .unavailable)
    }
  }

  @Test func passwordResetAcceptsValidAddressesAndExplainsBadOnes() async throws {
    try await withAppServer { fixture in
      try await fixture.client.requestPasswordReset(email: "someone@example.com")
      let failure = await serviceError {
        try await fixture.client.requestPasswordReset(email: "no-at-sign")
      }
      expectEqual(failure, .invalid(Validation.email("no-at-sign").message!))
    }
  }

  @Test func aBaseURLWithAPathPrefixesEveryEndpoint() async throws {
    try await withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .demo)
      let api = ServerAPI(storage: .embedded(store: store))
      let token = try api.storage.sessions.start(for: "ada@example.com").text
      var router = HTTPRouter()
      router.get("/api/v1/account") { request in
        var inner = request
        inner.pathSegments = ["account"]
        return api.handle(inner)
      }
      let server = try HTTPServer(router: router)
      defer { server.stop() }
      let client = HTTPClient(
        baseURL: server.url.appendingPathComponent("api/v1"), tokens: MemorySessionTokens(token))
      #expect(try await client.accountStatus() == .authorized(StoreSeed.demoAccount))
    }
  }

  @Test func concurrentLoginsAreIndependent() async throws {
    // All ten may wait for a password check at once: a busy machine runs them slowly enough
    // that the server's default line (as many as it has processors) would turn some away.
    try await withAppServer(loginGate: LoginGate(maximumWaiting: 10), signedIn: false) {
      fixture in
      let password = demoPassword
      let clients = (1...10).map { _ in fixture.newClient() }
      let tokens = try await withThrowingTaskGroup(of: String?.self) { group in
        for client in clients {
          group.addTask {
            _ = try await client.logIn(email: "ada@example.com", password: password)
            return try await client.accountStatus() == .authorized(StoreSeed.demoAccount)
              ? client.tokens.load() : nil
          }
        }
        return try await group.reduce(into: [String?]()) { $0.append($1) }
      }
      // Each client its own session, each session its own token.
      expectEqual(Set(tokens.compactMap { $0 }).count, 10)
      #expect(try fixture.sessions.records.count == 10)
    }
  }
}
