import PostgresClient
import Testing

@Suite struct PostgresURLTests {
  @Test func aURIIsShownWithoutItsPassword() throws {
    let url = try #require(
      PostgresURL("postgresql://app:s3cret@db.internal:5432/app?sslmode=require"))
    #expect(url.description == "postgresql://app:***@db.internal:5432/app?sslmode=require")
    #expect(url.connectionString.contains("s3cret"))
  }

  @Test func aPasswordInTheQueryIsHiddenToo() throws {
    let url = try #require(PostgresURL("postgres://app@/app?host=/run/pg&password=hunter2"))
    #expect(url.description == "postgres://app@/app?host=/run/pg&password=***")
  }

  @Test func keyValuePairsHideTheirPasswordQuotedOrNot() throws {
    let plain = try #require(PostgresURL("host=db password=hunter2 dbname=app"))
    #expect(plain.description == "host=db password=*** dbname=app")
    let quoted = try #require(PostgresURL("host=db password = 'a b\\' c' dbname=app"))
    #expect(quoted.description == "host=db password = *** dbname=app")
  }

  @Test func aURIWithoutAPasswordIsShownAsItIs() throws {
    let url = try #require(PostgresURL("postgresql://postgres@/postgres?host=/tmp/x"))
    #expect(url.description == url.connectionString)
  }

  @Test func anEmptyConnectionStringIsRefused() {
    #expect(PostgresURL("") == nil)
    #expect(PostgresURL("  ") == nil)
  }

  @Test func unreachableMeansTryAgainLaterAndAConstraintDoesNot() {
    #expect(PostgresError(.connectionFailed, message: "").isUnavailable)
    #expect(PostgresError(.poolTimedOut, message: "").isUnavailable)
    #expect(PostgresError(.statementFailed, sqlState: "57P01", message: "").isUnavailable)
    #expect(PostgresError(.statementFailed, sqlState: "08006", message: "").isUnavailable)
    #expect(!PostgresError(.statementFailed, sqlState: "23505", message: "").isUnavailable)
    #expect(PostgresError(.statementFailed, sqlState: "23505", message: "").isUniqueViolation)
    #expect(PostgresError(.statementFailed, sqlState: "57014", message: "").isTimeout)
  }
}
