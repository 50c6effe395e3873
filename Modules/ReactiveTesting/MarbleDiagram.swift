/// Named marble strings, one a line, so that the timelines of a test line up under each other:
///
/// ```swift
/// let story = MarbleDiagram("""
///   typing   --a--b------
///   results  -----x---y--
///   """)
/// let typing = scheduler.createHotObservable(story["typing"], values: ["a": "sw", "b": "swift"])
/// ```
///
/// Each line is a name, spaces, then the marble string (spaces in it are ignored, as always).
/// Empty lines are skipped.
public struct MarbleDiagram: Sendable {
  /// The marble strings by name.
  public let timelines: [String: String]

  /// Reads `text`: one `name  marbles` a line. A name given twice stops the test with a message.
  public init(_ text: String) {
    var timelines: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let content = line.drop(while: { $0 == " " })
      guard !content.isEmpty else { continue }
      let name = String(content.prefix(while: { $0 != " " }))
      precondition(timelines[name] == nil, "marble diagram: '\(name)' is given twice")
      timelines[name] = String(content.dropFirst(name.count))
    }
    self.timelines = timelines
  }

  /// The marble string named `name`; a name the diagram does not have stops the test with a
  /// message.
  public subscript(_ name: String) -> String {
    guard let marbles = timelines[name] else {
      preconditionFailure(
        "marble diagram has no line '\(name)' (lines: \(timelines.keys.sorted().joined(separator: ", ")))"
      )
    }
    return marbles
  }
}
