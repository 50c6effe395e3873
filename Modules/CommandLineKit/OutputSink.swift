/// Somewhere text goes: standard output, standard error, or a buffer in a test.
public protocol OutputSink: Sendable {
  /// Whether the text reaches a terminal (decides colour and spinners).
  var isTerminal: Bool { get }
  /// Writes `text` as is.
  func write(_ text: String)
  /// Why a write failed, once one has (text was lost); `nil` while every write succeeded.
  var writeFailure: String? { get }
  /// How many columns the terminal shows, when the text reaches one whose width is known;
  /// `nil` for a pipe or a file, whose lines are never cut to fit.
  var columns: Int? { get }
}

extension OutputSink {
  /// `nil`: a sink that cannot fail.
  public var writeFailure: String? { nil }
  /// `nil`: no terminal width.
  public var columns: Int? { nil }
}

extension OutputSink {
  /// Writes `text` followed by a newline.
  public func writeLine(_ text: String) {
    write(text + "\n")
  }
}
