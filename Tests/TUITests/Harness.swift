import AppComposition
import Foundation
import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import TerminalUI
import TerminalUITesting
import Testing

@testable import FriendsTUI

/// The whole app on an in-memory terminal, with scripted services and a virtual clock where
/// one tick is a millisecond. Keys go in as the bytes a terminal sends; after each, the clock
/// runs what is due now, so the view models' answers and the next frame are on screen.
@MainActor
final class Harness {
  let clock = TestScheduler.milliseconds()
  let terminal: MemoryTerminal
  let auth: FakeAuthenticationService
  lazy var friends = FakeFriendsService(scheduler: clock)
  lazy var search = FakeSearchService(scheduler: clock)
  lazy var timeline = FakeTimelineService(scheduler: clock)
  lazy var cache = InMemoryPostCache()
  /// Fakes of collections of records a test adds for a feature of its own; any other
  /// collection is an empty `InMemoryRecordsService`.
  var extraFakes: [AnyObject] = []
  /// The fakes of the collections of records, one line each.
  var collections: FakeRecordsProvider {
    FakeRecordsProvider(
      extraFakes + [
        friends
      ], scheduler: clock)
  }
  /// The fakes of the features' own services, one line each.
  var featureFakes: FeatureServices {
    FeatureServices(
      search: search,
      timeline: timeline,
      postCache: cache,
    )
  }
  private(set) var app: TUIApplication!
  private(set) var quitCount = 0

  nonisolated static let ada = Account(email: "ada@example.com", displayName: "Ada")
  /// The date the app takes as now when the virtual clock is at 0: 1 March 2026 09:00 UTC.
  static let today = Date(timeIntervalSince1970: 1_772_355_600)

  /// Creates the harness; call `start()` inside `SharingScheduler.mock` (see `run`).
  init(size: TerminalSize) {
    terminal = MemoryTerminal(size: size)
    auth = FakeAuthenticationService(scheduler: clock)
  }

  /// Runs `body` with a new harness, every Driver and Signal delivering on its clock.
  static func run(
    width: Int = 80, height: Int = 24, _ body: (Harness) throws -> Void
  ) rethrows {
    let harness = Harness(size: TerminalSize(width: width, height: height))
    try SharingScheduler.mock(scheduler: harness.clock) {
      defer { harness.app?.quit() }  // ends every binding, so the test leaves nothing running
      try body(harness)
    }
  }

  /// Starts the app, with `features` on its home and `links` between them, and lets it draw
  /// its first frame.
  func start(
    colorMode: ColorMode = .color, mouseReporting: Bool = true, features: [Feature] = Feature.all,
    links: [OutwardLink] = OutwardLink.all, server: URL? = nil
  ) {
    let services = AppServices(
      auth: auth, collections: collections, features: featureFakes, scheduler: clock,
      origin: "test", server: server)
    app = TUIApplication(
      terminal: terminal, services: services, scheduler: clock, colorMode: colorMode,
      timeZone: TimeZone(identifier: "UTC")!,
      now: { [clock] in Self.today + clock.now.timeIntervalSince1970 },
      mouseReporting: mouseReporting, features: features, links: links,
      onQuit: { [unowned self] in quitCount += 1 })
    try! app.start()
    settle()
  }

  /// Runs what is due now.
  func settle() {
    clock.advanceTo(clock.clock)
  }

  /// Moves the clock on by `milliseconds`, running what falls due.
  func advance(by milliseconds: Int) {
    clock.advanceTo(clock.clock + milliseconds)
  }

  /// Moves the clock to `time`.
  func advance(to time: Int) {
    clock.advanceTo(time)
  }

  /// Types `text`, one key per character.
  func type(_ text: String) {
    for character in text {
      terminal.send(String(character))
      settle()
    }
  }

  /// Presses `key` `times` times. Esc takes the toolkit's escape timeout (40 ms) to arrive,
  /// since a lone ESC could start a longer sequence.
  func press(_ key: Key, times: Int = 1) {
    for _ in 0..<times {
      terminal.send(Self.bytes(of: key))
      settle()
      if key == .escape { advance(by: 40) }
    }
  }

  /// What the terminal shows, one string per row.
  var lines: [String] { terminal.lines }

  /// Row `y` of the screen without its trailing spaces.
  func line(_ y: Int) -> String {
    var text = terminal.lines[y]
    while text.last == " " { text.removeLast() }
    return text
  }

  /// The bytes a terminal sends for `key`.
  static func bytes(of key: Key) -> [UInt8] {
    let text: String
    switch key {
    case .character(let character): text = String(character)
    case .up: text = "\u{1B}[A"
    case .down: text = "\u{1B}[B"
    case .right: text = "\u{1B}[C"
    case .left: text = "\u{1B}[D"
    case .home: text = "\u{1B}[H"
    case .end: text = "\u{1B}[F"
    case .pageUp: text = "\u{1B}[5~"
    case .pageDown: text = "\u{1B}[6~"
    case .tab: text = "\t"
    case .backTab: text = "\u{1B}[Z"
    case .enter: text = "\r"
    case .backspace: text = "\u{7F}"
    case .delete: text = "\u{1B}[3~"
    case .escape: text = "\u{1B}"
    case .function(let number) where number <= 4:
      text = "\u{1B}O" + String(UnicodeScalar(UInt8(ascii: "P") + UInt8(number - 1)))
    case .function(let number):
      text = "\u{1B}[\([0, 0, 0, 0, 0, 15, 17, 18, 19, 20, 21, 23, 24][number])~"
    case .control(let letter):
      return [UInt8(letter.asciiValue! - UInt8(ascii: "a") + 1)]
    case .paste(let pasted): text = "\u{1B}[200~" + pasted + "\u{1B}[201~"
    case .unknown(let bytes): return bytes
    case .modified(let key, let modifiers) where modifiers == .alt: return [0x1B] + bytes(of: key)
    case .modified(let key, let modifiers):
      let plain = bytes(of: key)
      let first = plain.count == 3 ? "1" : ""
      return Array(plain.dropLast()) + Array("\(first);\(1 + modifiers.rawValue)".utf8)
        + [plain.last!]
    case .mouse(let event):
      let code: Int
      switch event.action {
      case .press(.left), .release(.left), .drag(.left): code = 0
      case .press(.middle), .release(.middle), .drag(.middle): code = 1
      case .press(.right), .release(.right), .drag(.right): code = 2
      case .move: code = 35
      case .scrollUp: code = 64
      case .scrollDown: code = 65
      case .scrollLeft: code = 66
      case .scrollRight: code = 67
      }
      let dragged = if case .drag = event.action { 32 } else { 0 }
      let final = if case .release = event.action { "m" } else { "M" }
      text = "\u{1B}[<\(code + dragged);\(event.x + 1);\(event.y + 1)\(final)"
    }
    return Array(text.utf8)
  }
}

/// Expects the terminal to show exactly `rows` (each padded with spaces to the width; give
/// every row, "" for a blank one).
@MainActor
func expectScreen(
  _ harness: Harness, _ rows: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  let width = harness.terminal.size.width
  let expected = rows.map { $0 + String(repeating: " ", count: max(0, width - $0.count)) }
  let actual = harness.lines
  #expect(actual.count == expected.count, sourceLocation: sourceLocation)
  for (index, (shown, wanted)) in zip(actual, expected).enumerated() where shown != wanted {
    Issue.record(
      "row \(index):\n  shown:  \"\(shown)\"\n  wanted: \"\(wanted)\"",
      sourceLocation: sourceLocation)
  }
}

/// The screen as Swift source, to paste into a test after checking it by eye.
@MainActor
func dump(_ harness: Harness) -> String {
  harness.lines.map { line in
    var trimmed = line
    while trimmed.last == " " { trimmed.removeLast() }
    return "      \"\(trimmed)\","
  }.joined(separator: "\n")
}
