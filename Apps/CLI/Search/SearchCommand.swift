import CommandLineKit
import Foundation
import Models
import ReactiveCore
import ViewModels

/// `friends search [QUERY]`: the search screen, with one query or with each line of standard
/// input typed into the search field.
struct SearchCommand: Command {
  static let spec = CommandSpec(
    name: "search", abstract: "Search friends by name.",
    discussion: """
      With a query, searches once and prints the friends found. Without one, each line of
      standard input is the search field's new text, as if typed: the search waits for a
      300 ms pause, skips a repeated query, and cancels a search that a newer query makes
      stale. Results print as they arrive; the command ends when the input ends and the last
      search finished. With --json, each result is one JSON object per line.
      """,
    arguments: [.optional("query", help: "The text to look for in first and last names.")])

  /// The query, or `nil` to read queries from standard input.
  var query: String?

  init(_ parsed: ParsedCommand) throws(UsageError) {
    query = parsed.value("query")
    if let query, query.trimmingCharacters(in: .whitespaces).isEmpty {
      throw UsageError(
        "the query is empty: give the text to look for, or no query to read queries from "
          + "standard input",
        command: Self.spec.name)
    }
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.search, for: "search") { return refused }
    if query == nil, context.prompt.isInteractive {
      context.printer.note("Type a query and press Enter, as often as you like; Ctrl-D ends.")
    }
    let typing = query.map { Observable.just($0) } ?? context.lines()
    let output = SearchViewModel(
      service: context.services.search, scheduler: context.scheduler, retry: .standard
    ).transform(.init(query: typing))

    let bag = DisposeBag()
    var finished = false
    var failures = 0
    var unsearched = 0
    let streaming = query == nil
    output.errorMessage.emit(onNext: { message in
      failures += 1
      context.printer.error(message)
    }).disposed(by: bag)
    context.printer.spinner(while: output.isSearching, message: "Searching…").disposed(by: bag)
    output.searches.drive(
      onNext: { results in
        if !results.wasSearched { unsearched += 1 }
        show(results, streaming: streaming, context: context)
      },
      onCompleted: { finished = true }
    ).disposed(by: bag)

    guard context.waiter.wait(until: { finished }) == .done else { return .interrupted }
    return failures > 0 || (!streaming && unsearched > 0) ? .failure : .success
  }

  private func show(_ results: SearchViewModel.Results, streaming: Bool, context: CommandContext) {
    let printer = context.printer
    switch (context.json, streaming) {
    case (true, true):
      printer.line(SearchRecord(results))
    case (true, false):
      if results.wasSearched {
        printer.document(SearchRecord(results))
      } else {
        printer.error(SearchViewModel.shortQueryText)
      }
    case (false, false):
      if !results.wasSearched {
        printer.error(SearchViewModel.shortQueryText)
      } else if results.friends.isEmpty {
        printer.note("No friends match \"\(results.query)\".")
      } else {
        printer.result(
          lines: TextFormat.friends(results.friends, style: printer.style, maxWidth: printer.width))
      }
    case (false, true):
      let heading = printer.style.bold("\"\(results.query.escapingControlCharacters())\"")
      if !results.wasSearched {
        printer.result("\(heading): \(SearchViewModel.shortQueryText)")
      } else if results.friends.isEmpty {
        printer.result("\(heading): no friends")
      } else {
        let count = results.friends.count
        printer.result(
          lines: ["\(heading): \(count) friend\(count == 1 ? "" : "s")"]
            + TextFormat.friends(
              results.friends, style: printer.style, header: false, indent: "  ",
              maxWidth: printer.width))
      }
    }
  }
}
