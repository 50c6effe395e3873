/// The scenes every app made from the template has, whatever its features: logging in,
/// resetting a password, and the home that lists the features.
public enum AppScene: FeatureScene {
  /// Log in with email and password: the field starts with `email`, and `notice` says why
  /// the screen opened (the session expired), or `nil`.
  case login(email: String, notice: String?)
  /// Ask for a password reset email, the field starting with `email` (the address typed on
  /// the login screen).
  case forgotPassword(email: String)
  /// The features, where the user lands after logging in.
  case home

  /// A short title, for headers and help.
  public var title: String {
    switch self {
    case .login: "Log in"
    case .forgotPassword: "Forgot password"
    case .home: "Home"
    }
  }

  /// Logging in and resetting a password are for someone who is not logged in.
  public var needsAccount: Bool {
    switch self {
    case .login, .forgotPassword: false
    case .home: true
    }
  }
}

extension Scene {
  /// Log in with email and password, the fields empty.
  public static var login: Scene { login(email: "") }
  /// Log in, the email field starting with `email`; `notice` says why the screen opened.
  public static func login(email: String, notice: String? = nil) -> Scene {
    Scene(AppScene.login(email: email, notice: notice))
  }
  /// Ask for a password reset email, the field empty.
  public static var forgotPassword: Scene { forgotPassword(email: "") }
  /// Ask for a password reset email, the field starting with `email`.
  public static func forgotPassword(email: String) -> Scene {
    Scene(AppScene.forgotPassword(email: email))
  }
  /// The features, where the user lands after logging in.
  public static var home: Scene { Scene(AppScene.home) }
}
