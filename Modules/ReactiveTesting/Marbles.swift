import ReactiveCore

/// Marble strings: a timeline written one frame a character, to build test observables and
/// expected events.
///
/// ```swift
/// let taps = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
/// // next(1) @ 20, next(2) @ 50, completed @ 80
/// ```
///
/// - `-` is a frame in which nothing happens; each frame is `frame` ticks (10 by default).
/// - Any other letter, digit or symbol is an element: the value for that character in
///   `values`.
/// - `|` completes, `#` fails with the `error` argument (a `MarbleError` by default).
/// - `(ab)` puts the events inside the parentheses on one frame, the frame of `(`; the group
///   then takes as many frames as it has characters, so timelines written under each other
///   stay aligned.
/// - `^` (in a hot observable or expected events) is the subscription point: its frame is tick
///   `subscribed` (`TestScheduler.Defaults.subscribed`, 200, by default) and the frames before
///   it are earlier ticks. Without `^`, the first frame is tick 0 (for a cold observable, the
///   tick of each subscription).
/// - Spaces are ignored.
public enum Marbles {
  /// The events that `marbles` describes, at their ticks (see `Marbles`).
  ///
  /// Throws `MarbleSyntaxError` for a character with no value, an unbalanced or nested group,
  /// a second `^`, a `^` where `allowsSubscriptionPoint` is `false`, or a frame that is not
  /// positive.
  public static func events<Element>(
    _ marbles: String, values: [Character: Element] = [:], error: Swift.Error = MarbleError(),
    frame: TestTime = 10, subscribed: TestTime = TestScheduler.Defaults.subscribed,
    allowsSubscriptionPoint: Bool = true
  ) throws -> [Recorded<Event<Element>>] {
    func failure(_ offset: Int, _ reason: String) -> MarbleSyntaxError {
      MarbleSyntaxError(marbles: marbles, offset: offset, reason: reason)
    }
    guard frame > 0 else {
      throw failure(0, "the frame length must be a positive number of ticks, not \(frame)")
    }
    var events: [(frame: Int, event: Event<Element>)] = []
    var position = 0
    var groupStart: Int?
    var subscriptionFrame: Int?
    for (offset, character) in marbles.enumerated() {
      let eventFrame = groupStart ?? position
      switch character {
      case " ":
        continue
      case "-":
        if groupStart != nil { throw failure(offset, "'-' inside a group") }
      case "(":
        if groupStart != nil { throw failure(offset, "a group inside a group") }
        groupStart = position
      case ")":
        if groupStart == nil { throw failure(offset, "')' without '('") }
        groupStart = nil
      case "^":
        if !allowsSubscriptionPoint {
          throw failure(offset, "'^' (the subscription point) in a cold observable")
        }
        if subscriptionFrame != nil { throw failure(offset, "a second '^'") }
        if groupStart != nil { throw failure(offset, "'^' inside a group") }
        subscriptionFrame = position
      case "|":
        events.append((eventFrame, .completed))
      case "#":
        events.append((eventFrame, .error(error)))
      default:
        guard let value = values[character] else {
          let known = values.keys.map { "'\($0)'" }.sorted().joined(separator: ", ")
          throw failure(
            offset, "no value for '\(character)' (values: \(known.isEmpty ? "none" : known))")
        }
        events.append((eventFrame, .next(value)))
      }
      position += 1
    }
    if groupStart != nil { throw failure(marbles.count, "'(' without ')'") }
    let origin = subscriptionFrame.map { subscribed - $0 * frame } ?? 0
    return events.map { Recorded(time: origin + $0.frame * frame, value: $0.event) }
  }

  /// `events(_:values:error:frame:subscribed:allowsSubscriptionPoint:)` for code whose marble
  /// strings are written in the test: stops with the syntax error's message.
  static func parsed<Element>(
    _ marbles: String, values: [Character: Element], error: Swift.Error, frame: TestTime,
    subscribed: TestTime, allowsSubscriptionPoint: Bool
  ) -> [Recorded<Event<Element>>] {
    do {
      return try events(
        marbles, values: values, error: error, frame: frame, subscribed: subscribed,
        allowsSubscriptionPoint: allowsSubscriptionPoint)
    } catch {
      preconditionFailure("\(error)")
    }
  }
}

/// The error a marble string's `#` stands for when no error is given.
public struct MarbleError: Error, Equatable, CustomStringConvertible {
  /// What the error says.
  public let description: String

  /// An error that prints as `description`.
  public init(_ description: String = "error") {
    self.description = description
  }
}

/// A marble string that cannot be read, with the offset (in characters) of the problem.
public struct MarbleSyntaxError: Error, Equatable, CustomStringConvertible {
  /// The marble string.
  public let marbles: String
  /// Where the problem is, in characters from the start.
  public let offset: Int
  /// What is wrong.
  public let reason: String

  /// A problem with `marbles` at `offset`.
  public init(marbles: String, offset: Int, reason: String) {
    self.marbles = marbles
    self.offset = offset
    self.reason = reason
  }

  /// `marble string "--a--x|", offset 5: no value for 'x' (values: 'a')`.
  public var description: String {
    "marble string \"\(marbles)\", offset \(offset): \(reason)"
  }
}

extension TestScheduler {
  /// A hot observable whose events `marbles` describes (see `Marbles`): each at its tick,
  /// whether or not anyone is subscribed. A `^` marks tick `subscribed`.
  ///
  /// A marble string that cannot be read stops the test with a message that says where.
  public func createHotObservable<Element>(
    _ marbles: String, values: [Character: Element] = [:], error: Swift.Error = MarbleError(),
    frame: TestTime = 10, subscribed: TestTime = Defaults.subscribed
  ) -> TestableObservable<Element> {
    createHotObservable(
      Marbles.parsed(
        marbles, values: values, error: error, frame: frame, subscribed: subscribed,
        allowsSubscriptionPoint: true))
  }

  /// A cold observable whose events `marbles` describes (see `Marbles`), the first frame being
  /// the tick of each subscription. A `^` is not allowed.
  ///
  /// A marble string that cannot be read stops the test with a message that says where.
  public func createColdObservable<Element>(
    _ marbles: String, values: [Character: Element] = [:], error: Swift.Error = MarbleError(),
    frame: TestTime = 10
  ) -> TestableObservable<Element> {
    createColdObservable(
      Marbles.parsed(
        marbles, values: values, error: error, frame: frame, subscribed: 0,
        allowsSubscriptionPoint: false))
  }
}

extension Recorded {
  /// The events `marbles` describes (see `Marbles`), to compare with what an observer
  /// recorded: `Recorded.events(marbles: "^-a-b-|", values: ["a": 1, "b": 2])` is
  /// `[.next(220, 1), .next(240, 2), .completed(260)]`.
  ///
  /// A marble string that cannot be read stops the test with a message that says where.
  public static func events<T>(
    marbles: String, values: [Character: T] = [:], error: Swift.Error = MarbleError(),
    frame: TestTime = 10, subscribed: TestTime = TestScheduler.Defaults.subscribed
  ) -> [Recorded<Event<T>>] where Value == Event<T> {
    Marbles.parsed(
      marbles, values: values, error: error, frame: frame, subscribed: subscribed,
      allowsSubscriptionPoint: true)
  }
}
