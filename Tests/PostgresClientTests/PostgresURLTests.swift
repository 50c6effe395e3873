import PostgresClient
import ReactiveTesting
import Testing

@Suite struct PostgresURLTests {
  @Test func aURIIsShownAsLibpqReadsItWithoutItsPassword() throws {
    let url = try #require(
      PostgresURL("postgresql://app:s3cret@db.internal:5432/app?sslmode=require"))
    expectEqual(
      url.description, "user=app password=*** dbname=app host=db.internal port=5432 sslmode=require"
    )
    #expect(url.hasPassword)
    #expect(url.connectionString.contains("s3cret"))
  }

  @Test func aPasswordInTheQueryIsHiddenToo() throws {
    let url = try #require(PostgresURL("postgres://app@/app?host=/run/pg&password=hunter2"))
    expectEqual(url.description, "user=app password=*** dbname=app host=/run/pg")
  }

  @Test func aPercentEncodedKeyIsReadAsLibpqDecodesIt() throws {
    let url = try #require(PostgresURL("postgresql:///app?host=/run/pg&pass%77ord=S3cret"))
    #expect(url.hasPassword)
    expectEqual(url.description, "password=*** dbname=app host=/run/pg")
    let user = try #require(PostgresURL("postgresql://ad%61:S%33cret@db/app"))
    #expect(try user.connectionInfo()["user"] == "ada")
    #expect(try user.connectionInfo()["password"] == "S3cret")
  }

  @Test func keyValuePairsHideTheirPasswordQuotedOrNot() throws {
    let plain = try #require(PostgresURL("host=db password=hunter2 dbname=app"))
    expectEqual(plain.description, "password=*** dbname=app host=db")
    let quoted = try #require(PostgresURL("host=db password = 'a b\\' c' dbname=app"))
    #expect(try quoted.connectionInfo()["password"] == "a b' c")
    expectEqual(quoted.description, "password=*** dbname=app host=db")
  }

  @Test func aWordHoldingPasswordEarlierInTheStringHidesNothing() throws {
    let url = try #require(PostgresURL("application_name=passwordless password=S3cret"))
    #expect(url.hasPassword)
    expectEqual(url.description, "password=*** application_name=passwordless")
  }

  @Test func anSSLKeysPasswordIsASecretToo() throws {
    let url = try #require(PostgresURL("host=db sslpassword=k3y"))
    #expect(url.hasPassword)
    #expect(!url.description.contains("k3y"))
  }

  @Test func aURIWithoutAPasswordHasNone() throws {
    let url = try #require(PostgresURL("postgresql://postgres@/postgres?host=/tmp/x"))
    #expect(!url.hasPassword)
    expectEqual(url.description, "user=postgres dbname=postgres host=/tmp/x")
    // An empty password is no password, as libpq reads it.
    expectEqual(PostgresURL("postgresql://app:@db/app")?.hasPassword, false)
  }

  @Test func aNameWithoutEqualsIsADatabasesName() throws {
    let url = try #require(PostgresURL("app"))
    #expect(!url.hasPassword)
    expectEqual(url.description, "dbname=app")
    #expect(try PostgresURL("my app")?.connectionInfo()["dbname"] == "my app")
    expectEqual(PostgresURL("my app")?.description, "dbname='my app'")
  }

  @Test func aStringLibpqCannotReadCountsAsHoldingAPasswordAndIsNotShown() throws {
    for text in [
      "postgresql://db/app?password=%4", "host=db password='S3cret", "host=db S3cret",
      "postgresql://db/app?a=S3cret", "postgresql://db/app?password==S3cret",
      "postgresql://db/app?password=S3cret%00", "Host=db password=S3cret",
      "postgresql://[::1/app?password=S3cret",
    ] {
      let url = try #require(PostgresURL(text))
      #expect(url.hasPassword, "\(text)")
      #expect(!url.description.contains("S3cret"), "\(text)")
      #expect(throws: ConnectionInfo.ParseError.self, "\(text)") { try url.connectionInfo() }
    }
  }

  /// Strings that libpq reads or refuses, each a corner of its grammar.
  static let grammarCorners = [
    "postgresql://", "postgres://", "postgresql://db", "postgresql://db:5432",
    "postgresql://u@db/app", "postgresql://u:p@db/app", "postgresql://u:@db/app",
    "postgresql://:p@db/app", "postgresql://u:p:q@db/app", "postgresql://a@b@db/app",
    "postgresql://db/app?x@y", "postgresql://db?user=u@h", "postgresql://a,b:1,c:2/app",
    "postgresql://,/app", "postgresql://[::1]:5432/app", "postgresql://[::1]x/app",
    "postgresql://[]/app", "postgresql://[::1", "postgresql://db/", "postgresql://db/?",
    "postgresql://db/app?", "postgresql://db/app?&", "postgresql://db/app?a",
    "postgresql://db/app?host=h&", "postgresql://db/app?host=h&&port=1",
    "postgresql://db/app?host==h", "postgresql://db/app?ssl=true", "postgresql://db/app?ssl=1",
    "postgresql://db/app?pass%77ord=S3cret", "postgresql://db/app?password=%2",
    "postgresql://db/app?password=%g0", "postgresql://db/app?password=a%00",
    "postgresql://db/a%2Fb%20c?application_name=x+y", "postgresql://db/app?nope=1",
    "postgresql://db/app?user=a&user=b", "postgresql://%64b/app",
    "postgresql://u%3Ap@db/app", "postgresql://db:port/app", "postgresql://db/app#frag",
    "postgres://db/app?Host=x", "POSTGRESQL://db/app", "postgresql:/db",
    "host=db", " host = db ", "host=db dbname=app password=S3cret", "host='a b' port=1",
    "host='a\\' b'", "host=a\\ b", "host='unterminated", "host=", "host= port=1",
    "host=''", "=db", "host", "host db", "host=db extra", "Host=db", "nope=1",
    "host=db\tport=1\ndbname=x", "host=a host=b", "application_name=passwordless password=S3cret",
    "requiressl=1", "requiressl=0", "postgresql://db/app?requiressl=1",
    "dbname=postgresql://u:p@db/app", "password=a\\",
    "sslpassword=k", "service=s", "host=db\u{0B}port=1", "host=é dbname=ü",
  ]

  #if Postgres
    /// The grammar in Swift, for builds without libpq, reads each string as libpq does.
    @Test(arguments: grammarCorners)
    func theGrammarReadsAsLibpqDoes(text: String) {
      let libpq = ConnectionInfo.parsedByLibpq(text)
      let grammar = try? ConnectionInfo.parseWithLibpqGrammar(text)
      expectEqual(grammar, libpq)
    }

    /// Strings made of the grammar's pieces at random (the same ones each run): the Swift
    /// grammar reads each as libpq does.
    @Test func theGrammarReadsRandomStringsAsLibpqDoes() {
      let pieces = [
        "postgresql://", "postgres://", "=", " ", "'", "\\", "@", ":", "/", "?", "&", ",", "[",
        "]", "%", "%7", "%41", "%00", "host", "password", "pass%77ord", "ssl", "true", "user",
        "dbname", "a", "\t", "requiressl", "1",
      ]
      var state: UInt64 = 0x1234_5678
      func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33)
      }
      var differences: [String] = []
      for _ in 0..<20_000 {
        let text = (0..<(next() % 10)).map { _ in pieces[next() % pieces.count] }.joined()
        if ConnectionInfo.parsedByLibpq(text) != (try? ConnectionInfo.parseWithLibpqGrammar(text)) {
          differences.append(text)
        }
      }
      expectEqual(differences, [])
    }
  #endif

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
