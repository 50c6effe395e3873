import AppAPI
import Foundation
import Models
import ReactiveTesting
import Testing

/// The wire format shared by the client and the server.
@Suite struct HTTPAPITests {
  @Test func datesAreISO8601WithMillisecondsOnlyWhenNeeded() {
    expectEqual(
      HTTPAPI.dateText(Date(timeIntervalSince1970: 1_709_280_000)), "2024-03-01T08:00:00Z")
    expectEqual(
      HTTPAPI.dateText(Date(timeIntervalSince1970: 1_709_280_000.25)), "2024-03-01T08:00:00.250Z")
  }

  /// A value with a date, as the bodies of the app's features have.
  private struct Dated: Codable, Equatable {
    var date: Date
  }

  @Test func datesSurviveTheTripToTheMillisecond() throws {
    let value = Dated(date: Date(timeIntervalSince1970: 1_720_000_000.125))
    let data = try HTTPAPI.makeEncoder().encode(value)
    expectEqual(String(decoding: data, as: UTF8.self), #"{"date":"2024-07-03T09:46:40.125Z"}"#)
    #expect(try HTTPAPI.makeDecoder().decode(Dated.self, from: data) == value)
  }

  @Test func datesWithAnOffsetAreRead() throws {
    let json = #"{"date":"2024-03-01T10:00:00+02:00"}"#
    let value = try HTTPAPI.makeDecoder().decode(Dated.self, from: Data(json.utf8))
    expectEqual(value.date, Date(timeIntervalSince1970: 1_709_280_000))
  }

  @Test func aDateThatIsNotISO8601IsRefused() {
    let json = #"{"date":"yesterday"}"#
    #expect(throws: DecodingError.self) {
      try HTTPAPI.makeDecoder().decode(Dated.self, from: Data(json.utf8))
    }
  }

  @Test func anAccountBodyWritesNullWhenNobodyIsSignedIn() throws {
    let encoder = HTTPAPI.makeEncoder()
    let signedOut = try encoder.encode(HTTPAPI.AccountBody(.unavailable))
    expectEqual(String(decoding: signedOut, as: UTF8.self), #"{"account":null}"#)
    let account = Account(email: "ada@example.com", displayName: "Ada")
    let signedIn = try encoder.encode(HTTPAPI.AccountBody(.authorized(account)))
    expectEqual(
      String(decoding: signedIn, as: UTF8.self),
      #"{"account":{"displayName":"Ada","email":"ada@example.com"}}"#)
    let decoder = HTTPAPI.makeDecoder()
    #expect(
      try decoder.decode(HTTPAPI.AccountBody.self, from: signedIn).status == .authorized(account))
    #expect(try decoder.decode(HTTPAPI.AccountBody.self, from: signedOut).status == .unavailable)
    #expect(
      try decoder.decode(HTTPAPI.AccountBody.self, from: Data("{}".utf8)).status == .unavailable)
  }

  @Test func queryValuesAreEncodedSoThatEveryCharacterSurvives() {
    expectEqual(
      HTTPAPI.queryString([("q", "a+b&c=d é/~"), ("limit", "5")]),
      "q=a%2Bb%26c%3Dd%20%C3%A9%2F~&limit=5")
    expectEqual(HTTPAPI.queryString([]), "")
  }
}
