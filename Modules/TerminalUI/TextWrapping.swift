extension StringProtocol {
  /// This text broken into lines of at most `width` columns at spaces, for messages that may
  /// not fit on one line. "\n" starts a new line; runs of spaces between words collapse to
  /// one; a word longer than a line is cut with "…". Empty for a width of 0 or less.
  public func wrapped(toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if candidate.displayWidth <= width {
          line = candidate
        } else {
          if !line.isEmpty { lines.append(line) }
          line = word.truncated(toWidth: width)
        }
      }
      lines.append(line)
    }
    return lines
  }
}
