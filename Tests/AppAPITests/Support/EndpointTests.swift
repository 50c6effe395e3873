import AppAPI
import ReactiveTesting
import Testing

@Suite struct EndpointTests {
  @Test func aPathWithoutParametersIsItsSegments() {
    expectEqual(HTTPAPI.passwordReset.path(), ["password-reset"])
    expectEqual(Endpoint("GET", "/lists/entries").path(), ["lists", "entries"])
  }

  @Test func parametersFillTheirSegments() {
    let entries = Endpoint("GET", "/lists/{id}/entries/{entry}")
    expectEqual(entries.path(["id": "3", "entry": "12"]), ["lists", "3", "entries", "12"])
  }

  @Test func theClientAndTheServerShareEachRoute() {
    expectEqual(HTTPAPI.logIn.method, "POST")
    expectEqual(HTTPAPI.logIn.pattern, "/login")
    expectEqual(HTTPAPI.account.description, "GET /account")
  }
}
