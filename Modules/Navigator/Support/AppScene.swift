/// The scenes every app made from the template has, whatever its features: logging in,
/// resetting a password, and the home that lists the features.
public enum AppScene: FeatureScene {
  /// Log in with email and password.
  case login
  /// Ask for a password reset email.
  case forgotPassword
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
  /// Log in with email and password.
  public static var login: Scene { Scene(AppScene.login) }
  /// Ask for a password reset email.
  public static var forgotPassword: Scene { Scene(AppScene.forgotPassword) }
  /// The features, where the user lands after logging in.
  public static var home: Scene { Scene(AppScene.home) }
}
