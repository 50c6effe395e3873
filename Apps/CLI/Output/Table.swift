import CommandLineKit

/// Rows of text in aligned columns, two spaces apart, with an optional header line.
///
/// Cells are shown with their control characters escaped, so data cannot write raw escape
/// sequences. Widths count the columns a terminal shows (a wide character takes two, a
/// combining mark none); the last column is not padded, so no line ends in spaces. Given a
/// width (a terminal's), the widest column is cut, its cells ending in "…", until the lines
/// fit; without one (a pipe, a file) nothing is ever cut.
struct Table {
  /// How a column's cells line up.
  enum Alignment {
    /// Text against the left edge.
    case left
    /// Numbers against the right edge.
    case right
  }

  /// One column: its title and its alignment.
  struct Column {
    /// The title in the header line.
    var title: String
    /// How its cells line up.
    var alignment: Alignment = .left
  }

  /// The columns, left to right.
  var columns: [Column]
  /// The cells, one array per row, in column order.
  var rows: [[String]]

  /// The narrowest a column is cut to.
  static let minimumColumnWidth = 4

  /// The lines: the header (in bold when `style` uses colour) unless `header` is `false`,
  /// then one line per row, each starting with `indent`; at most `maxWidth` columns wide
  /// when it is given (and the columns can be cut that far).
  func lines(
    style: OutputStyle = .plain, header: Bool = true, indent: String = "", maxWidth: Int? = nil
  ) -> [String] {
    let titles = columns.map(\.title)
    let rows = rows.map { $0.map { $0.escapingControlCharacters() } }
    var widths = columns.map { header ? $0.title.displayWidth : 0 }
    for row in rows {
      for (index, cell) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], cell.displayWidth)
      }
    }
    if let maxWidth {
      // Cut the widest column, one column at a time, until the lines fit.
      let gaps = indent.displayWidth + 2 * max(0, widths.count - 1)
      while gaps + widths.reduce(0, +) > maxWidth,
        let widest = widths.indices.max(by: {
          widths[$0] < widths[$1]
        }), widths[widest] > Self.minimumColumnWidth
      {
        widths[widest] -= 1
      }
    }
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for (index, cell) in cells.enumerated() {
        let cell = cell.truncated(toWidth: widths[index])
        let padding = String(repeating: " ", count: max(0, widths[index] - cell.displayWidth))
        let isLast = index == cells.count - 1
        switch columns[index].alignment {
        case .right: parts.append(padding + cell)
        case .left: parts.append(isLast ? cell : cell + padding)
        }
      }
      return indent + parts.joined(separator: "  ")
    }
    var result = rows.map(line)
    if header { result.insert(style.bold(line(titles)), at: 0) }
    return result
  }
}
