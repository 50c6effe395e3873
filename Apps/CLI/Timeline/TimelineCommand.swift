import CommandLineKit
import Foundation
import Models
import ReactiveCore
import ViewModels

/// `friends timeline [--follow | --older N | --all]`: the timeline screen: one page, or new
/// posts as they arrive, or the newest page and older ones.
struct TimelineCommand: Command {
  static let spec = CommandSpec(
    name: "timeline", abstract: "Show the newest posts.",
    discussion: """
      Prints the newest page of posts, oldest first, or fails when they cannot be fetched.
      With --follow, keeps fetching and prints new posts as they arrive, until Ctrl-C; a failed
      fetch is reported on standard error and the next one tries again. With --json, prints the page as one JSON array
      (newest first), or with --follow one JSON object per post and line.
      With --older N, also fetches the N pages before the newest page (up to \(maximumOlderPages)),
      and with --all every older page, until there is nothing older.
      """,
    options: [
      OptionSpec(
        "interval", valueName: "seconds",
        help: "With --follow, the time between two fetches (default: 5)."),
      OptionSpec(
        "older", valueName: "pages",
        help: "Also fetch this many pages before the newest (0 to \(maximumOlderPages))."),
    ],
    flags: [
      FlagSpec("follow", short: "f", help: "Keep printing new posts until Ctrl-C."),
      FlagSpec("all", help: "Fetch every post, page by page."),
    ])

  /// The most pages `--older` fetches.
  static let maximumOlderPages = 10_000

  /// Whether to keep printing new posts.
  var follow: Bool
  /// The time between two fetches.
  var interval: RxTimeInterval
  /// How many pages before the newest to fetch: `nil` for all of them.
  var olderPages: Int?

  init(_ parsed: ParsedCommand) throws(UsageError) {
    follow = parsed.isSet("follow")
    olderPages = 0
    if let text = parsed.value("older") {
      guard let pages = Int(text), (0...Self.maximumOlderPages).contains(pages) else {
        throw UsageError(
          "option '--older' must be a whole number from 0 to \(Self.maximumOlderPages), got '\(text)'",
          command: Self.spec.name)
      }
      olderPages = pages
    }
    if parsed.isSet("all") {
      guard parsed.value("older") == nil else {
        throw UsageError("give either --older or --all, not both", command: Self.spec.name)
      }
      olderPages = nil
    }
    if follow, olderPages != 0 {
      throw UsageError(
        "--older and --all print a fixed list; they do not go with --follow",
        command: Self.spec.name)
    }
    interval = TimelineViewModel.defaultInterval
    if let text = parsed.value("interval") {
      guard follow else {
        throw UsageError(
          "option '--interval' times the fetches of --follow; add --follow, or leave it out",
          command: Self.spec.name)
      }
      guard let seconds = Double(text), seconds.isFinite, seconds >= 0.05, seconds <= 86_400
      else {
        throw UsageError(
          "option '--interval' must be a number of seconds from 0.05 to 86400, got '\(text)'",
          command: Self.spec.name)
      }
      interval = .milliseconds(Int((seconds * 1_000).rounded()))
    }
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.timeline, for: "read the timeline") { return refused }
    let services = context.services
    let loadOlder = PublishRelay<Void>()
    let output = TimelineViewModel(
      account: services.auth.accountStatus, service: services.timeline,
      cache: services.postCache, scheduler: context.scheduler, interval: interval
    ).transform(.init(loadOlder: loadOlder.asObservable()))

    let bag = DisposeBag()
    var latest: [Post] = []
    var wasFetching = false
    var fetches = 0
    var loggedOut = false
    var failure: String?
    var authorWidth = 0
    output.loggedIn.drive(onNext: { loggedOut = !$0 }).disposed(by: bag)
    output.errorMessage.drive(onNext: { message in
      failure = message
      // While following, a failed fetch is reported and the next tick tries again.
      if follow, let message { context.printer.error(message) }
    }).disposed(by: bag)
    output.isFetching.drive(onNext: { fetching in
      if wasFetching, !fetching { fetches += 1 }
      wasFetching = fetching
    }).disposed(by: bag)
    output.posts.drive(onNext: { snapshot in
      latest = snapshot.elements
      guard follow else { return }
      // New posts only: all of the first snapshot, then what each change inserted.
      let inserted = snapshot.changes.map { $0.insertions.map { snapshot.elements[$0] } }
      let posts = (inserted ?? snapshot.elements).sorted { $0.id < $1.id }
      authorWidth = max(
        authorWidth, posts.map { $0.authorName.escapingControlCharacters().count }.max() ?? 0)
      printStream(posts, authorWidth: authorWidth, printer: context.printer)
    }).disposed(by: bag)
    var olderLoads = 0
    var wasLoadingOlder = false
    var reachedOldest = false
    output.isLoadingOlder.drive(onNext: { loading in
      if wasLoadingOlder, !loading { olderLoads += 1 }
      wasLoadingOlder = loading
    }).disposed(by: bag)
    output.reachedOldest.drive(onNext: { reachedOldest = $0 }).disposed(by: bag)
    if !follow {
      context.printer.spinner(while: output.isFetching, message: "Loading posts…")
        .disposed(by: bag)
      context.printer.spinner(while: output.isLoadingOlder, message: "Loading older posts…")
        .disposed(by: bag)
    }

    let outcome = context.waiter.wait(until: { loggedOut || (!follow && fetches > 0) })
    guard outcome == .done else { return .interrupted }
    // The older pages, one after the other, until enough or nothing older (or a failure).
    var requested = 0
    while !loggedOut, failure == nil, !latest.isEmpty, !reachedOldest,
      requested < olderPages ?? Int.max
    {
      requested += 1
      loadOlder.accept(())
      let loaded = context.waiter.wait(until: { loggedOut || olderLoads == requested })
      guard loaded == .done else { return .interrupted }
    }
    if loggedOut {
      context.printer.error(context.notLoggedIn)
      return .failure
    }
    if !follow, let failure {
      context.printer.error(failure)
      return .failure
    }
    if context.json {
      context.printer.document(latest.map(PostRecord.init))
    } else if latest.isEmpty {
      context.printer.note("No posts yet.")
    } else {
      let width = latest.map(\.authorName.count).max() ?? 0
      context.printer.result(
        lines: TextFormat.posts(
          latest.reversed(), authorWidth: width, timeZone: context.printer.timeZone,
          style: context.printer.style))
    }
    return .success
  }

  private func printStream(_ posts: [Post], authorWidth: Int, printer: Printer) {
    if printer.json {
      printer.lines(posts.map(PostRecord.init))
    } else {
      printer.result(
        lines: TextFormat.posts(
          posts, authorWidth: authorWidth, timeZone: printer.timeZone, style: printer.style))
    }
  }
}
