import Foundation
import Models
import ReactiveTesting
import Testing

@Suite struct ModelCodingTests {
  func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
  }

  @Test func valuesSurviveJSON() throws {
    let account = Account(email: "ada@example.com", displayName: "Ada")
    #expect(try roundTrip(account) == account)
    #expect(try roundTrip(AccountStatus.authorized(account)) == .authorized(account))
    #expect(try roundTrip(AccountStatus.unavailable) == .unavailable)
  }

  @Test func accountStatusExposesTheAccount() {
    let account = Account(email: "ada@example.com", displayName: "Ada")
    expectEqual(AccountStatus.authorized(account).account, account)
    #expect(AccountStatus.authorized(account).isAuthorized)
    #expect(AccountStatus.unavailable.account == nil)
    #expect(!AccountStatus.unavailable.isAuthorized)
  }
}
