/// Whether the data the services answer from can be read: what a front shows beside its
/// screens while it cannot.
///
/// Only an embedded store reports anything but ``available``: a server's problems are the
/// answers of its calls.
public enum DataStatus: Sendable, Hashable {
  /// The data can be read and changed.
  case available
  /// The data file cannot be read as the app's data (damaged, unreadable, of an unknown
  /// version). Nothing is written to it; the message names the file and says what is wrong.
  case unreadable(message: String)
  /// The data file was deleted while the app ran. Nothing is written until the app starts
  /// again, which creates a new one; the message names the file and says so.
  case deleted(message: String)
  /// The server did not answer the latest read (it cannot be reached, timed out, or answered
  /// with an error): what is shown is as of its last answer. The message names the server
  /// and says what went wrong.
  case unreachable(message: String)

  /// What to tell the user, or `nil` while the data is available.
  public var message: String? {
    switch self {
    case .available: return nil
    case .unreadable(let message), .deleted(let message), .unreachable(let message):
      return message
    }
  }
}
