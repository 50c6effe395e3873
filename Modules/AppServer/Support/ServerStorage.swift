import Authentication
import Foundation
import LocalBackend
import Models

/// Where the server keeps everything it knows: the features' records, the accounts, the
/// signed-in sessions and the failed logins. The handlers see only these protocols and
/// types, never the engine behind them, so that one server runs over the embedded store
/// (``embedded(directory:seed:now:)``) or over a database that several replicas share.
///
/// Sessions are keyed by ``Models/Account/normalizedEmail(_:)`` of their account. The
/// throttle's keys are ``throttleKey(email:)`` and ``throttleKey(address:)``, with the rules
/// of ``loginThrottle(storage:now:)``.
public struct ServerStorage: Sendable {
  /// The features' records.
  public var records: any RecordStore
  /// The accounts and their password hashes.
  public var accounts: any AccountStore
  /// The signed-in sessions, whose subject is an account's normalized email address.
  public var sessions: SessionStore<String>
  /// The failed logins, per email address and per client address.
  public var throttle: LoginThrottle<String>

  /// Creates a storage from its parts.
  public init(
    records: any RecordStore, accounts: any AccountStore, sessions: SessionStore<String>,
    throttle: LoginThrottle<String>
  ) {
    self.records = records
    self.accounts = accounts
    self.sessions = sessions
    self.throttle = throttle
  }

  /// The embedded store in `directory` (created, and seeded with `seed`, when it holds no
  /// store), with the sessions in `sessions.json` beside it, so that they survive restarts
  /// and are shared by every server process using the directory (see
  /// `FileSessionStorage`).
  ///
  /// The throttle is kept in this process's memory: each process counts failed logins on
  /// its own, and restarting it forgets them.
  ///
  /// - Parameter now: The clock of the sessions and the throttle; tests pass one they move by
  ///   hand.
  /// The directory is created with mode 0700 when missing, and refused when it or a file in
  /// it belongs to another user or can be written by others (see
  /// ``DataDirectoryPermissions``): whoever can write there can plant a session.
  ///
  /// - Throws: ``DataDirectoryPermissions/Refusal`` for a directory or file the server must
  ///   not trust, `StoreError` when the store cannot be opened, `StorageFileError` when the
  ///   sessions' file is damaged or cannot be read (it is left as it is).
  public static func embedded(
    directory: URL, seed: StoreSeed = .demo, now: @escaping @Sendable () -> Date = { Date() }
  ) throws -> ServerStorage {
    try DataDirectoryPermissions.prepare(directory)
    let store = try LocalStore(directory: directory, seed: seed)
    let sessions = SessionStore(
      storage: try FileSessionStorage<String>(directory: store.directory), now: now)
    return ServerStorage(
      records: store, accounts: store, sessions: sessions, throttle: loginThrottle(now: now))
  }

  /// The embedded `store`, with the sessions and the throttle given (in memory by default:
  /// restarting ends the sessions), for tests and tools.
  public static func embedded(
    store: LocalStore, sessions: SessionStore<String> = SessionStore(),
    throttle: LoginThrottle<String> = loginThrottle()
  ) -> ServerStorage {
    ServerStorage(records: store, accounts: store, sessions: sessions, throttle: throttle)
  }

  // MARK: - The login throttle

  /// The throttle key of the attempts to log in as `email` (normalized first):
  /// `email:ada@example.com`.
  public static func throttleKey(email: String) -> String {
    "email:" + Account.normalizedEmail(email)
  }

  /// The throttle key of the attempts from the client at `address`: `address:192.0.2.1`.
  public static func throttleKey(address: String) -> String {
    "address:" + address
  }

  /// The rule for one email address: after 5 failures within 15 minutes, a wait of 30
  /// seconds, doubled by each further failure, up to an hour.
  public static let emailRule = LoginThrottle<String>.Rule()

  /// The rule for one client address, which many users may share (behind one NAT): after
  /// 20 failures within 15 minutes, whatever the addresses tried, a wait of a minute,
  /// doubled by each further failure, up to 15 minutes.
  public static let addressRule = LoginThrottle<String>.Rule(
    maximumFailures: 20, window: .seconds(15 * 60), firstDelay: .seconds(60),
    maximumDelay: .seconds(15 * 60))

  /// A throttle with ``emailRule`` for the keys of ``throttleKey(email:)`` and
  /// ``addressRule`` for those of ``throttleKey(address:)``.
  public static func loginThrottle(
    storage: any ThrottleStorage<String> = MemoryThrottleStorage(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) -> LoginThrottle<String> {
    LoginThrottle(
      rules: { key in key.hasPrefix("address:") ? addressRule : emailRule },
      longestWindow: max(emailRule.window, addressRule.window), storage: storage, now: now)
  }
}
