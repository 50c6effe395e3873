import AppAPI
import Testing

@Suite struct EndpointTests {
  @Test func aPathWithoutParametersIsItsSegments() {
    #expect(HTTPAPI.passwordReset.path() == ["password-reset"])
    #expect(Endpoint("GET", "/lists/entries").path() == ["lists", "entries"])
  }

  @Test func parametersFillTheirSegments() {
    let entries = Endpoint("GET", "/lists/{id}/entries/{entry}")
    #expect(entries.path(["id": "3", "entry": "12"]) == ["lists", "3", "entries", "12"])
  }

  @Test func theClientAndTheServerShareEachRoute() {
    #expect(HTTPAPI.logIn.method == "POST")
    #expect(HTTPAPI.logIn.pattern == "/login")
    #expect(HTTPAPI.account.description == "GET /account")
  }
}
