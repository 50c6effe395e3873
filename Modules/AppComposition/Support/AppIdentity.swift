/// The app's names, in one place: `Scripts/rename.sh` rewrites this file (and the package's
/// product names) to turn the template into your app.
public enum AppIdentity {
  /// The app's version, which every executable's `--version` prints after its name.
  public static let version = "0.1.0"
  /// The app's display name.
  public static let name = "Friends"
  /// The command-line front's executable.
  public static let command = "friends"
  /// The terminal UI's executable.
  public static let terminalCommand = "friends-tui"
  /// The web front's executable.
  public static let webCommand = "friends-web"
  /// The HTTP server's executable.
  public static let serverCommand = "friends-server"
  /// The folder inside the user's data directory.
  public static let dataFolderName = "friends"
  /// The environment variable that overrides the data directory.
  public static let dataDirectoryVariable = "FRIENDS_DATA_DIR"
  /// The environment variable that names the server to use when no `--server` is given.
  public static let serverVariable = "FRIENDS_SERVER"
}
