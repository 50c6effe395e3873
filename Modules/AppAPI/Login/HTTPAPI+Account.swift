extension HTTPAPI {
  /// `POST /login`: signs in with ``Credentials``; answers an ``AccountBody``.
  public static let logIn = Endpoint("POST", "/login")
  /// `POST /logout`: signs out; answers 204.
  public static let logOut = Endpoint("POST", "/logout")
  /// `GET /account`: answers an ``AccountBody``.
  public static let account = Endpoint("GET", "/account")
  /// `POST /password-reset`: asks for a reset link with a ``PasswordResetRequest``.
  public static let passwordReset = Endpoint("POST", "/password-reset")
}
