extension StringProtocol {
  /// This text broken into lines of at most `width` columns at spaces, for messages that may
  /// not fit on one line. "\n" starts a new line; runs of spaces between words collapse to
  /// one; a word longer than a line (a path, a URL) is broken across lines, so that every
  /// character shows. Empty for a width of 0 or less.
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
          line = ""
          var used = 0
          for character in word {
            let columns = character.displayWidth
            if used + columns > width, !line.isEmpty {
              lines.append(line)
              line = ""
              used = 0
            }
            line.append(character)
            used += columns
          }
        }
      }
      lines.append(line)
    }
    return lines
  }
}
