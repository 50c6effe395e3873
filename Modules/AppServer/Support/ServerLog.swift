import Foundation

/// The server's log: one line per event, in logfmt (`key=value` pairs separated by spaces),
/// which log tools (Loki, Vector, `lnav`, `hl`, fail2ban with a simple pattern) read as they
/// are.
///
/// Every line starts with `time=` (UTC, ISO 8601 with milliseconds), `level=` (`info`,
/// `warn` or `error`) and `event=` (a dotted name such as `login.failed`), then the event's
/// own fields. A value that holds anything but letters, digits and `-._:/@+,*` is quoted, with
/// `"` and `\` escaped; a line break becomes a space, so a message of several lines (libpq's)
/// stays on one line, and any other control character is written escaped, so that no value can
/// forge a line or write to a terminal. No line holds a password, a session token or its
/// digest.
public struct ServerLog: Sendable {
  /// Receives each line, without its line break.
  public let write: @Sendable (String) -> Void
  private let now: @Sendable () -> Date

  /// A log that hands each line to `write`, stamped with `now`.
  public init(
    now: @escaping @Sendable () -> Date = { Date() },
    write: @escaping @Sendable (String) -> Void
  ) {
    self.now = now
    self.write = write
  }

  /// A log that drops every line.
  public static let none = ServerLog { _ in }

  /// How serious an event is.
  public enum Level: String, Sendable {
    /// Something that happens in normal service (the server started, stopped).
    case info
    /// Something a client did that was refused (a wrong password, a throttled login).
    case warn
    /// Something that failed on the server's side (its storage).
    case error
  }

  /// Writes one line for `event`, with `fields` in the order given; a field whose value is
  /// `nil` is left out.
  public func record(_ level: Level, _ event: String, _ fields: KeyValuePairs<String, String?>) {
    var line = "time=\(Self.timestamp(now())) level=\(level.rawValue) event=\(Self.value(event))"
    for (key, value) in fields {
      guard let value else { continue }
      line += " \(key)=\(Self.value(value))"
    }
    write(line)
  }

  /// `text` as a logfmt value: bare when it is made of safe characters only, else quoted.
  static func value(_ text: String) -> String {
    let safe =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (CharacterSet.alphanumerics.contains(scalar)
            || "-._:/@+,*".unicodeScalars.contains(scalar))
      }
    if safe { return text }
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n", "\r": result += " "
      case "\t": result += " "
      case _ where scalar.isTerminalControlForLog:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  private static func timestamp(_ date: Date) -> String {
    var formatter = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    formatter.timeZone = TimeZone(identifier: "UTC")!
    return date.formatted(formatter)
  }
}

extension Unicode.Scalar {
  /// C0 and C1 controls, DEL, and the bidirectional overrides and isolates.
  fileprivate var isTerminalControlForLog: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
