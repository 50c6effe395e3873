/// "Did you mean …?" hints: finds the valid word closest to a mistyped one.
public enum Suggestion {
  /// The fewest single-character insertions, deletions, substitutions and swaps of two
  /// neighbouring characters that turn `source` into `target` (the optimal string
  /// alignment distance), so `emial` is one edit from `email`.
  public static func editDistance(_ source: String, _ target: String) -> Int {
    let a = Array(source)
    let b = Array(target)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, table[i - 2][j - 2] + 1)
        }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
  }

  /// The candidate nearest to `word`, or `nil` when none is near enough to be a likely typo.
  ///
  /// Near enough means at most one edit per three characters of `word` (leading dashes not
  /// counted), with at least one and at most three edits allowed. Ties go to the candidate
  /// listed first.
  public static func closest(to word: String, among candidates: [String]) -> String? {
    let letters = word.drop { $0 == "-" }.count
    let allowed = max(1, min(3, letters / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != word {
      let distance = editDistance(word, candidate)
      if distance <= allowed, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }
}
