import Foundation

/// What a service call can fail with, in words a person can act on.
public enum ServiceError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The email or password is wrong.
  case wrongCredentials
  /// Too many wrong passwords for the account: no login is tried for this many seconds.
  case tooManyAttempts(retryAfter: Int)
  /// No record has this id.
  case notFound(id: Int)
  /// A change was refused because the record with this id changed since the revision the
  /// change started from; nothing was written.
  case changedElsewhere(id: Int)
  /// The request was refused because something in it is not valid.
  case invalid(String)
  /// The call needs a logged-in account.
  case notLoggedIn
  /// The server refused the session the call was made in (it expired, or it was ended by
  /// logging out elsewhere): the user must log in again.
  case sessionExpired
  /// The local data could not be read or written.
  case storage(String)
  /// The server answered with an HTTP error status, and the sentence of its answer's body
  /// when it had one.
  case http(status: Int, message: String? = nil)
  /// The server's answer could not be understood.
  case malformedResponse(String)
  /// The server did not answer in time.
  case timedOut
  /// The server could not be reached.
  case unreachable(String)

  /// A sentence for the user.
  public var description: String {
    switch self {
    case .wrongCredentials: return "wrong email or password"
    case .tooManyAttempts(let seconds): return "too many attempts; try again in \(seconds) s"
    case .notFound(let id): return "no record has id \(id)"
    case .changedElsewhere(let id): return "record \(id) was changed elsewhere"
    case .invalid(let message): return message
    case .notLoggedIn: return "you are not logged in"
    case .sessionExpired: return Self.sessionExpiredMessage
    case .storage(let message): return message
    case .http(let status, nil): return "the server answered with HTTP status \(status)"
    case .http(let status, let message?): return "\(message) (HTTP status \(status))"
    case .malformedResponse(let detail): return "the server's answer could not be read: \(detail)"
    case .timedOut: return "the server did not answer in time"
    case .unreachable(let detail): return "the server could not be reached: \(detail)"
    }
  }

  /// What ``sessionExpired`` says: "Your session has expired; log in again".
  public static let sessionExpiredMessage = "Your session has expired; log in again"

  /// The same sentence, for Foundation's error reporting.
  public var errorDescription: String? { description }
}
