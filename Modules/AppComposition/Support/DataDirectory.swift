import Foundation

/// Where the app keeps its data, and which rule chose that place.
///
/// The rules, first match wins:
/// 1. an explicit directory (a `--data-dir` option);
/// 2. the `FRIENDS_DATA_DIR` environment variable;
/// 3. `$XDG_DATA_HOME/friends`, when `XDG_DATA_HOME` is an absolute path (the XDG base
///    directory rules say to ignore a relative one);
/// 4. `$HOME/.local/share/friends`.
///
/// Empty values count as unset. The environment is passed in, so callers (and tests)
/// decide what it holds: pass `ProcessInfo.processInfo.environment` in an app.
public struct DataDirectory: Sendable, Hashable {
  /// Which rule chose the directory.
  public enum Source: Sendable, Hashable {
    /// The directory given explicitly.
    case explicit
    /// The `FRIENDS_DATA_DIR` environment variable.
    case environmentOverride
    /// `$XDG_DATA_HOME/friends`.
    case xdgDataHome
    /// `~/.local/share/friends`.
    case home
  }

  /// The name of the environment variable that overrides the data directory.
  public static let environmentVariable = AppIdentity.dataDirectoryVariable
  /// The name of the app's folder inside the user's data directory.
  public static let appFolderName = AppIdentity.dataFolderName

  /// The directory.
  public var url: URL
  /// The rule that chose it.
  public var source: Source

  /// Creates a resolved directory from its parts.
  public init(url: URL, source: Source) {
    self.url = url
    self.source = source
  }

  /// Applies the rules to an explicit directory (or `nil`) and an environment.
  ///
  /// - Parameters:
  ///   - explicit: A path given by the user; a relative path is resolved against the
  ///     current directory.
  ///   - environment: The environment variables to consult (`FRIENDS_DATA_DIR`,
  ///     `XDG_DATA_HOME`, `HOME`).
  ///   - fallbackHome: The home directory to use when `HOME` is missing or empty.
  public static func resolve(
    explicit: String? = nil,
    environment: [String: String],
    fallbackHome: @autoclosure () -> String = NSHomeDirectory()
  ) -> DataDirectory {
    func value(_ name: String) -> String? {
      guard let value = environment[name], !value.isEmpty else { return nil }
      return value
    }
    if let explicit, !explicit.isEmpty {
      return DataDirectory(url: directoryURL(explicit), source: .explicit)
    }
    if let override = value(environmentVariable) {
      return DataDirectory(url: directoryURL(override), source: .environmentOverride)
    }
    if let dataHome = value("XDG_DATA_HOME"), dataHome.hasPrefix("/") {
      return DataDirectory(
        url: directoryURL(dataHome).appendingPathComponent(appFolderName, isDirectory: true),
        source: .xdgDataHome)
    }
    let home = value("HOME") ?? fallbackHome()
    let url = directoryURL(home)
      .appendingPathComponent(".local", isDirectory: true)
      .appendingPathComponent("share", isDirectory: true)
      .appendingPathComponent(appFolderName, isDirectory: true)
    return DataDirectory(url: url, source: .home)
  }

  private static func directoryURL(_ path: String) -> URL {
    URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
  }
}
