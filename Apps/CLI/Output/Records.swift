// The shapes of `--json` output. Their field names are part of the command line's interface:
// scripts read them, so rename nothing here without a major version change.

/// Who is logged in: `{"loggedIn": false}`, or with the account's `displayName` and, when
/// known, its `email`.
struct SessionRecord: Encodable, Equatable {
  var loggedIn: Bool
  var displayName: String?
  var email: String?
}

/// A password reset request that was sent: `{"email", "message"}`.
struct ResetRecord: Encodable, Equatable {
  var email: String
  var message: String
}
