#!/usr/bin/env bash
# Adds the skeleton of a new screen, wired through every layer, with its tests:
#
#   Scripts/new-feature.sh Name          for example: Scripts/new-feature.sh ShoppingList
#
# Name is an UpperCamelCase Swift identifier. For ShoppingList it creates
#   Modules/ViewModels/ShoppingList/ShoppingListViewModel.swift   the view model
#   Tests/ViewModelsTests/ShoppingListViewModelTests.swift        its timelines, on virtual time
#   Apps/CLI/ShoppingList/ShoppingListCommand.swift               the command `shopping-list`
#   Tests/CLITests/ShoppingListCommandTests.swift
#   Apps/TUI/ShoppingList/ShoppingListScreen.swift                the terminal UI screen
#   Apps/TUI/ShoppingList/ShoppingListFeature.swift               its entry on the home
#   Tests/TUITests/ShoppingListScreenTests.swift
# and adds the scene `.shoppingList` to the navigator, the command to the program, and the
# feature to the terminal UI's home (`Feature.all`), with a key that opens it (the first free
# letter of the name). It inserts those lines above the comments that say
# "Scripts/new-feature.sh adds ... above this line"; keep those comments where you want new
# features to go.
#
# It checks everything before it writes anything: a name that is not an UpperCamelCase
# identifier exits with status 64; a feature, scene, command or type that already exists, or a
# missing marker comment, exits with status 1. The new files are formatted with
# `swift format` when it is available.
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: Scripts/new-feature.sh Name   (an UpperCamelCase Swift identifier, such as ShoppingList)"
if [ $# -eq 1 ] && { [ "$1" = "-h" ] || [ "$1" = "--help" ]; }; then
  echo "$usage"
  exit 0
fi
if [ $# -ne 1 ] || [ -z "$1" ]; then
  echo "$usage" >&2
  exit 64
fi
name="$1"
if ! [[ "$name" =~ ^[A-Z][A-Za-z0-9]*$ ]]; then
  echo "error: '$name' is not a feature name: use an UpperCamelCase Swift identifier (letters and digits, starting with a capital letter), such as ShoppingList" >&2
  exit 64
fi

# The name's other forms: ShoppingList -> shoppingList (the scene), shopping-list (the
# command), "Shopping list" (the title) and "shopping list" (in sentences and help).
lower=$(perl -e '$_ = shift; if (/^([A-Z]+)([A-Z][a-z].*)$/) { $_ = lc($1) . $2 } elsif (/^([A-Z]+)(.*)$/) { $_ = lc($1) . $2 } print' "$name")
words=$(perl -e '$_ = shift; s/([a-z0-9])([A-Z])/$1 $2/g; s/([A-Z]+)([A-Z][a-z])/$1 $2/g; print' "$name")
command=$(tr ' ' '-' <<<"$words" | tr '[:upper:]' '[:lower:]')
# Words in capitals (URL, HTTP) keep them; the others are lower case after the first word.
title=$(perl -e 'my @w = split / /, shift; print join " ", $w[0], map { /^[A-Z0-9]+$/ && length > 1 ? $_ : lc } @w[1 .. $#w]' "$words")
phrase=$(perl -e '$_ = shift; print /^[A-Z0-9]{2,}\b/ ? $_ : lcfirst' "$title")

keywords=" associatedtype class deinit enum extension fileprivate func import init inout internal
  let open operator private precedencegroup protocol public rethrows static struct subscript
  typealias var break case catch continue default defer do else fallthrough for guard if in
  repeat return throw switch where while as false is nil self super throws true try await async
  any some type "
if [[ "$keywords" == *[[:space:]]"$lower"[[:space:]]* ]]; then
  echo "error: '$name' would make the scene '.$lower', a Swift keyword; choose another name" >&2
  exit 64
fi

fail() {
  echo "error: $* (nothing was changed)" >&2
  exit 1
}

# The one file under $1 that holds the marker comment $2.
find_marker() {
  local found
  mapfile -t found < <(grep -rlF --include='*.swift' -- "$2" "$1" 2>/dev/null || true)
  if [ ${#found[@]} -ne 1 ]; then
    fail "expected one file under $1 with the line '// $2', found ${#found[@]}; put the" \
      "comment back where new code of this kind goes"
  fi
  echo "${found[0]}"
}

scene_marker="Scripts/new-feature.sh adds new scenes above this line."
title_marker="Scripts/new-feature.sh adds the titles of new scenes above this line."
feature_marker="Scripts/new-feature.sh adds new features above this line."
command_marker="Scripts/new-feature.sh adds new commands above this line."
command_test_marker="Scripts/new-feature.sh adds the names of new commands above this line."

scene_file=$(find_marker Modules "$scene_marker")
title_file=$(find_marker Modules "$title_marker")
features_file=$(find_marker Apps "$feature_marker")
program_file=$(find_marker Apps "$command_marker")
command_test_file=$(find_marker Tests "$command_test_marker")
home_screen_file="$(dirname "$features_file")/HomeScreen.swift"
[ -f "$home_screen_file" ] || fail "cannot find the home screen $home_screen_file"

identity=Modules/AppComposition/AppIdentity.swift
app_command=$(sed -nE 's/.*static let command = "([^"]+)".*/\1/p' "$identity" 2>/dev/null || true)
tui_command=$(sed -nE 's/.*static let terminalCommand = "([^"]+)".*/\1/p' "$identity" 2>/dev/null || true)
[ -n "$app_command" ] && [ -n "$tui_command" ] || fail "cannot read the app's commands from $identity"

viewmodels_dir=Modules/ViewModels
viewmodels_tests_dir=Tests/ViewModelsTests
# Each feature is a folder of its own in each front, beside the fronts' shared folders.
cli_dir="$(dirname "$(dirname "$program_file")")"
tui_dir="$(dirname "$(dirname "$features_file")")"
commands_dir="$cli_dir/$name"
screens_dir="$tui_dir/$name"
cli_tests_dir=$(dirname "$command_test_file")
tui_harness=$(grep -rlF --include=Harness.swift 'TUIApplication(' Tests 2>/dev/null | head -1 || true)
tui_tests_dir=$(dirname "${tui_harness:-.}")
for dir in "$viewmodels_dir" "$viewmodels_tests_dir" "$cli_dir" "$tui_dir" "$cli_tests_dir" "$tui_tests_dir"; do
  [ -d "$dir" ] && [ "$dir" != "." ] || fail "cannot find the folder $dir"
done
cli_module=$(sed -nE 's/^@testable import ([A-Za-z0-9_]+)$/\1/p' "$cli_tests_dir/Harness.swift" 2>/dev/null | head -1 || true)
tui_module=$(sed -nE 's/^@testable import ([A-Za-z0-9_]+)$/\1/p' "$tui_tests_dir/Harness.swift" 2>/dev/null | head -1 || true)
[ -n "$cli_module" ] && [ -n "$tui_module" ] ||
  fail "cannot read the fronts' module names from the test harnesses in $cli_tests_dir and $tui_tests_dir"

feature_dir="$viewmodels_dir/$name"
viewmodel_file="$feature_dir/${name}ViewModel.swift"
viewmodel_test_file="$viewmodels_tests_dir/${name}ViewModelTests.swift"
command_file="$commands_dir/${name}Command.swift"
command_tests_file="$cli_tests_dir/${name}CommandTests.swift"
screen_file="$screens_dir/${name}Screen.swift"
registration_file="$screens_dir/${name}Feature.swift"
screen_tests_file="$tui_tests_dir/${name}ScreenTests.swift"
new_files=("$viewmodel_file" "$viewmodel_test_file" "$command_file" "$command_tests_file"
  "$screen_file" "$registration_file" "$screen_tests_file")
changed_files=("$scene_file" "$title_file" "$features_file" "$program_file" "$command_test_file")

# Refuse a feature that exists, in part or whole, or a name that clashes with what is there.
if [ -e "$feature_dir" ]; then
  fail "$feature_dir already exists: the feature '$name' (or a folder of that name) is there"
fi
for file in "${new_files[@]}"; do
  if [ -e "$file" ]; then fail "$file already exists: the feature '$name' is there"; fi
done
if grep -qE "^[[:space:]]*case[[:space:]]+$lower\b" "$scene_file"; then
  fail "the scene '.$lower' already exists in $scene_file"
fi
if [ "$command" = "help" ] || grep -rqF "name: \"$command\"" "$cli_dir"; then
  fail "the command '$command' already exists"
fi
clash=$(grep -rnE --include='*.swift' \
  "\b(struct|class|enum|protocol|actor|typealias)[[:space:]]+$name(ViewModel|Command|Screen|ViewModelTests|CommandTests|ScreenTests|Record)\b" \
  Modules Apps Tests 2>/dev/null | head -1 || true)
if [ -n "$clash" ]; then fail "a type of the feature's names already exists: $clash"; fi

# The key that opens the screen from the home: the first letter of the name that no feature
# and no key of the home or of the whole app uses yet, else a digit.
used=$( {
  grep -rhoE --include='*Feature.swift' 'key: "[^"]*"' "$tui_dir" | sed -E 's/key: "(.*)"/\1/'
  cat "$home_screen_file" "$tui_dir/TUIApplication.swift" | grep -oE '\.character\("[^"]*"\)' |
    sed -E 's/.*\("(.*)"\)/\1/'
} | sort -u || true)
key=""
for candidate in $(grep -o . <<<"$(tr '[:upper:]' '[:lower:]' <<<"$name")$(echo 123456789)"); do
  if ! grep -qxF -- "$candidate" <<<"$used"; then
    key="$candidate"
    break
  fi
done
[ -n "$key" ] || fail "every letter of '$name' and every digit is already a key on the home"

# Everything is checked: build the new and changed files in a scratch folder, then move them
# into place.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/new-feature.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

fill() {
  NAME="$name" LOWER="$lower" COMMAND="$command" TITLE="$title" PHRASE="$phrase" KEY="$key" \
    APP="$app_command" CLI="$cli_module" TUI="$tui_module" perl -pe '
      s/\@Name\@/$ENV{NAME}/g; s/\@name\@/$ENV{LOWER}/g; s/\@command\@/$ENV{COMMAND}/g;
      s/\@Title\@/$ENV{TITLE}/g; s/\@phrase\@/$ENV{PHRASE}/g; s/\@key\@/$ENV{KEY}/g;
      s/\@app\@/$ENV{APP}/g; s/\@cli\@/$ENV{CLI}/g; s/\@tui\@/$ENV{TUI}/g;
    '
}

# Inserts the filled-in lines of standard input above the line of $1 (in the scratch copy of
# it) holding the marker $2, indented as the marker is.
insert() {
  local copy="$scratch/changed/$1" lines
  if [ ! -e "$copy" ]; then
    mkdir -p "$(dirname "$copy")"
    cp "$1" "$copy"
  fi
  lines=$(fill)
  NEW_LINES="$lines" MARKER="$2" perl -0pi -e '
    s{^([ \t]*)(//[ \t]*\Q$ENV{MARKER}\E)}{
      my $indent = $1; my $marker = $2;
      join("", map { "$indent$_\n" } split /\n/, $ENV{NEW_LINES}) . "$indent$marker"
    }me or die "marker not found\n";
  ' "$copy"
}

create() {
  mkdir -p "$(dirname "$scratch/new/$1")"
  fill >"$scratch/new/$1"
}

insert "$scene_file" "$scene_marker" <<'EOF'
/// The @phrase@ screen.
case @name@
EOF
insert "$title_file" "$title_marker" <<'EOF'
case .@name@: return "@Title@"
EOF
insert "$features_file" "$feature_marker" <<'EOF'
.@name@,
EOF
insert "$program_file" "$command_marker" <<'EOF'
@Name@Command.self,
EOF
insert "$command_test_file" "$command_test_marker" <<'EOF'
"@command@",
EOF
create "$registration_file" <<'EOF'
import ViewModels

extension Feature {
  /// The @phrase@ screen, on the home with the key "@key@".
  static var @name@: Feature {
    Feature(entry: HomeEntry(scene: .@name@, key: "@key@", summary: "add entries")) {
      scene, host in
      scene == .@name@ ? @Name@Screen(host: host) : nil
    }
  }
}
EOF

create "$viewmodel_file" <<'EOF'
import Foundation
import Models
import Navigator
import ReactiveCore

/// The @phrase@ screen.
///
/// A text field, "Add", and the entries added so far. The text is trimmed; it is valid when it
/// is not empty and has at most `maximumLength` characters. "Add" is enabled only while the
/// text is valid. A tap reads the text of that moment: a valid text becomes the last entry and
/// is confirmed; an invalid one adds nothing and says why. The hint under the field waits until
/// typing pauses for `debounce` (on the injected scheduler), so it does not flicker while the
/// user types, and says nothing about an empty field. "Done" goes back. The entries live in
/// this screen's chains only: a service would keep them (see `init`).
public struct @Name@ViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// The text field's text, each time it changes.
    public var text: Observable<String>
    /// Taps on "Add"; a tap before any text is ignored.
    public var addTaps: Observable<Void>
    /// Taps on "Done".
    public var doneTaps: Observable<Void>

    /// Creates the input.
    public init(
      text: Observable<String>, addTaps: Observable<Void>, doneTaps: Observable<Void> = .never()
    ) {
      self.text = text
      self.addTaps = addTaps
      self.doneTaps = doneTaps
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The entries added so far, oldest first; empty at first.
    public var entries: Driver<[String]>
    /// How many entries there are, as a sentence: "No entries yet.", "1 entry", "2 entries".
    public var summary: Driver<String>
    /// Whether "Add" can be tapped: the trimmed text is valid.
    public var isAddEnabled: Driver<Bool>
    /// What is wrong with the text once typing paused, or `nil` when it is valid or empty.
    public var hint: Driver<String?>
    /// "Added X.", once per added entry.
    public var confirmation: Signal<String>
    /// Why a tap added nothing, once per such tap.
    public var errorMessage: Signal<String>
    /// Where to go next: back, after "Done".
    public var route: Signal<Route>
  }

  /// How long typing must pause before the hint changes.
  public static let debounce: RxTimeInterval = .milliseconds(300)
  /// The longest entry, in characters.
  public static let maximumLength = 40

  private let scheduler: SchedulerType

  /// Creates the view model; `scheduler` times the hint's debounce.
  ///
  /// A service is injected here, next to the scheduler, when the screen needs data: declare
  /// its protocol in a folder of `Modules/Services`, a fake in `Modules/ServicesTesting`, add it
  /// to `AppServices`, and take it as a parameter (see `FriendFormViewModel`).
  public init(scheduler: SchedulerType) {
    self.scheduler = scheduler
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let text = input.text.map { $0.trimmingCharacters(in: .whitespaces) }

    // Each tap with the text of that moment and what is wrong with it, if anything.
    let taps = input.addTaps
      .withLatestFrom(text)
      .map { text in (text: text, problem: Self.validate(text).message) }
      .share()
    // A service call goes here: `flatMapFirst` over the valid taps to save each entry, with
    // an `ActivityTracker` for a spinner, as `FriendFormViewModel` saves a friend.
    let added = taps.compactMap { $0.problem == nil ? $0.text : nil }.share()

    let entries = added.scan([String]()) { entries, entry in entries + [entry] }
      .startWith([])
      .asDriver(onErrorJustReturn: [])
    let isAddEnabled = text.map { Self.validate($0).isValid }
      .startWith(false)
      .asDriver(onErrorJustReturn: false)
      .distinctUntilChanged()
    let hint = text.debounce(Self.debounce, scheduler: scheduler)
      .map { $0.isEmpty ? nil : Self.validate($0).message }
      .asDriver(onErrorJustReturn: nil)
      .distinctUntilChanged()

    return Output(
      entries: entries,
      summary: entries.map { Self.summary(count: $0.count) },
      isAddEnabled: isAddEnabled,
      hint: hint,
      confirmation: added.map { "Added \($0)." }.asSignal(onErrorSignalWith: .empty()),
      errorMessage: taps.compactMap(\.problem).asSignal(onErrorSignalWith: .empty()),
      route: input.doneTaps.map { Route.back }.asSignal(onErrorSignalWith: .empty()))
  }

  /// Whether a trimmed text can be an entry, and if not, why.
  public static func validate(_ text: String) -> ValidationResult {
    if text.isEmpty { return .invalid("An entry cannot be empty.") }
    if text.count > maximumLength {
      return .invalid("An entry can have at most \(maximumLength) characters.")
    }
    return .valid
  }

  /// The number of entries, as the screen says it.
  public static func summary(count: Int) -> String {
    switch count {
    case 0: return "No entries yet."
    case 1: return "1 entry"
    default: return "\(count) entries"
    }
  }
}
EOF

create "$viewmodel_test_file" <<'EOF'
import Navigator
import ReactiveCore
import ReactiveTesting
import Testing
import ViewModels

/// The @phrase@ screen's view model,
/// on a virtual clock where one tick is a millisecond.
@Suite @MainActor struct @Name@ViewModelTests {
  static let tooLong = String(repeating: "x", count: @Name@ViewModel.maximumLength + 1)

  @Test func validTextIsAddedAndTapsOnInvalidTextAddNothing() {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let entries = clock.createObserver([String].self)
    let summaries = clock.createObserver(String.self)
    let enabled = clock.createObserver(Bool.self)
    let confirmations = clock.createObserver(String.self)
    let errors = clock.createObserver(String.self)
    let bag = DisposeBag()

    SharingScheduler.mock(scheduler: clock) {
      let text = clock.createHotObservable([
        .next(100, "  milk "), .next(300, "   "), .next(500, Self.tooLong), .next(700, "eggs"),
      ])
      // A tap before any text, then one tap after each text.
      let taps = clock.createHotObservable([
        .next(50, ()), .next(200, ()), .next(400, ()), .next(600, ()), .next(800, ()),
      ])
      let output = @Name@ViewModel(scheduler: clock).transform(
        .init(text: text.asObservable(), addTaps: taps.asObservable()))
      clock.scheduleAt(0) {
        output.entries.drive(entries).disposed(by: bag)
        output.summary.drive(summaries).disposed(by: bag)
        output.isAddEnabled.drive(enabled).disposed(by: bag)
        output.confirmation.emit(to: confirmations).disposed(by: bag)
        output.errorMessage.emit(to: errors).disposed(by: bag)
      }
      clock.start()
    }

    #expect(entries.events == [.next(0, []), .next(200, ["milk"]), .next(800, ["milk", "eggs"])])
    #expect(timeline(summaries.events) == ["No entries yet.@0", "1 entry@200", "2 entries@800"])
    #expect(timeline(enabled.events) == ["false@0", "true@100", "false@300", "true@700"])
    #expect(timeline(confirmations.events) == ["Added milk.@200", "Added eggs.@800"])
    #expect(
      timeline(errors.events) == [
        "An entry cannot be empty.@400",
        "An entry can have at most \(@Name@ViewModel.maximumLength) characters.@600",
      ])
  }

  @Test func theHintWaitsForAPauseInTypingAndSaysNothingAboutAnEmptyField() {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let hints = clock.createObserver(String?.self)
    let bag = DisposeBag()

    SharingScheduler.mock(scheduler: clock) {
      let text = clock.createHotObservable([
        .next(100, Self.tooLong), .next(200, Self.tooLong + "x"),  // one pause, at 500
        .next(1_000, "ok"),  // valid: the hint goes at 1300
        .next(2_000, "  "),  // empty once trimmed: still no hint
      ])
      let output = @Name@ViewModel(scheduler: clock).transform(
        .init(text: text.asObservable(), addTaps: .never()))
      clock.scheduleAt(0) { output.hint.drive(hints).disposed(by: bag) }
      clock.start()
    }

    #expect(
      hints.events == [
        .next(500, @Name@ViewModel.validate(Self.tooLong).message), .next(1_300, nil),
      ])
  }

  @Test func doneGoesBack() {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let routes = clock.createObserver(Route.self)
    let bag = DisposeBag()

    SharingScheduler.mock(scheduler: clock) {
      let done = clock.createHotObservable([.next(250, ())])
      let output = @Name@ViewModel(scheduler: clock).transform(
        .init(text: .never(), addTaps: .never(), doneTaps: done.asObservable()))
      clock.scheduleAt(0) { output.route.emit(to: routes).disposed(by: bag) }
      clock.start()
    }

    #expect(routes.events == [.next(250, .back)])
  }
}
EOF

create "$command_file" <<'EOF'
import CommandLineKit
import ReactiveCore
import ViewModels

/// `@app@ @command@ [ENTRY]`: the @phrase@ screen.
///
/// Adds one entry, or types each line of standard input into the field and adds it.
struct @Name@Command: Command {
  static let spec = CommandSpec(
    name: "@command@", abstract: "Add entries on the @phrase@ screen.",
    discussion: """
      With an entry, adds it. Without one, each line of standard input is typed into the
      field and added. Prints each entry as it is added, then how many there are. An entry
      that is empty or too long is refused with a message, and the command then exits with
      status 1. With --json, prints the entries as one JSON document at the end.
      """,
    arguments: [.optional("entry", help: "The text of the entry to add.")])

  /// The entry to add, or `nil` to read entries from standard input.
  var entry: String?

  init(_ parsed: ParsedCommand) throws(UsageError) {
    entry = parsed.value("entry")
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.@name@) { return refused }
    if entry == nil, context.prompt.isInteractive {
      context.printer.note("Type an entry and press Enter, as often as you like; Ctrl-D ends.")
    }
    let text = PublishRelay<String>()
    let addTaps = PublishRelay<Void>()
    let output = @Name@ViewModel(scheduler: context.scheduler).transform(
      .init(text: text.asObservable(), addTaps: addTaps.asObservable()))

    let bag = DisposeBag()
    var typed = 0
    var answered = 0
    var refused = 0
    var inputEnded = false
    var entries: [String] = []
    var summary = ""
    output.errorMessage.emit(onNext: { message in
      answered += 1
      refused += 1
      context.printer.error(message)
    }).disposed(by: bag)
    output.confirmation.emit(onNext: { message in
      answered += 1
      if !context.json { context.printer.result(message) }
    }).disposed(by: bag)
    output.entries.drive(onNext: { entries = $0 }).disposed(by: bag)
    output.summary.drive(onNext: { summary = $0 }).disposed(by: bag)

    // Each entry is typed into the field, then "Add" is tapped.
    let typing = entry.map { Observable.just($0) } ?? context.lines()
    typing.subscribe(
      onNext: { line in
        typed += 1
        text.accept(line)
        addTaps.accept(())
      },
      onCompleted: { inputEnded = true }
    ).disposed(by: bag)

    let isDone = { inputEnded && answered == typed && entries.count == typed - refused }
    guard context.waiter.wait(until: isDone) == .done else { return .interrupted }
    if context.json {
      context.printer.document(@Name@Record(entries: entries))
    } else {
      context.printer.result(summary)
    }
    return refused > 0 ? .failure : .success
  }
}

/// The entries, as `--json` prints them: `{"entries": […]}`.
private struct @Name@Record: Encodable {
  var entries: [String]
}
EOF

create "$command_tests_file" <<'EOF'
import CommandLineKit
import ReactiveCore
import ReactiveTesting
import Testing
import ViewModels

@testable import @cli@

/// `@command@`, bound to its view model on virtual time.
@Suite @MainActor struct @Name@CommandTests {
  @Test func anEntryIsAddedAndCounted() {
    let harness = Harness()
    #expect(harness.run(["@command@", "  milk "]) == .success)
    #expect(harness.stdout == "Added milk.\n1 entry\n")
    #expect(harness.stderr == "")
  }

  @Test func eachLineOfInputIsAnEntryAndAnEmptyOneIsRefused() {
    let harness = Harness()
    harness.lines = harness.clock.createHotObservable([
      .next(100, "milk"), .next(200, " "), .next(300, "eggs"), .completed(400),
    ]).asObservable()
    #expect(harness.run("@command@") == .failure)
    #expect(harness.stdout == "Added milk.\nAdded eggs.\n2 entries\n")
    #expect(harness.stderr == "error: \(@Name@ViewModel.validate("").message!)\n")
    #expect(harness.clock.clock == 400)
  }

  @Test func jsonPrintsTheEntriesOnce() {
    let harness = Harness()
    #expect(harness.run(["--json", "@command@", "milk"]) == .success)
    #expect(harness.stdout == "{\n  \"entries\" : [\n    \"milk\"\n  ]\n}\n")
  }

  @Test func itNeedsAnAccount() {
    let harness = Harness(loggedIn: false)
    #expect(harness.run(["@command@", "milk"]) == .failure)
    #expect(harness.stdout == "")
    #expect(harness.stderr == "error: \(CommandContext.notLoggedIn)\n")
  }
}
EOF

create "$screen_file" <<'EOF'
import ReactiveCore
import TerminalUI
import ViewModels

/// The @phrase@ screen.
///
/// A text field that Enter adds as an entry, the hint or the last message under it, and the
/// entries added so far (the newest that fit). Esc leaves the field (Tab or Enter goes back
/// to it); Esc outside the field is "Done".
@MainActor
final class @Name@Screen: Screen {
  private let field = FormField(label: "Entry", placeholder: "type, then Enter")
  private let addTaps = PublishRelay<Void>()
  private let doneTaps = PublishRelay<Void>()
  private var entries: [String] = []
  private var summary = ""
  private var isAddEnabled = false
  private var hint: String?
  private var message: (text: String, isFailure: Bool)?
  private var isFieldFocused = true

  override init(host: ScreenHost) {
    super.init(host: host)
    let output = @Name@ViewModel(scheduler: host.scheduler).transform(
      .init(
        text: field.text.asObservable(), addTaps: addTaps.asObservable(),
        doneTaps: doneTaps.asObservable()))
    bind(output.entries) { [unowned self] in entries = $0 }
    bind(output.summary) { [unowned self] in summary = $0 }
    bind(output.isAddEnabled) { [unowned self] in isAddEnabled = $0 }
    bind(output.hint) { [unowned self] in hint = $0 }
    bind(output.confirmation) { [unowned self] text in
      message = (text, false)
      field.set("")
    }
    bind(output.errorMessage) { [unowned self] in message = ($0, true) }
    forward(output.route)
  }

  override var isEditingText: Bool { isFieldFocused }

  override var hints: [KeyHint] {
    guard isFieldFocused else {
      return [
        KeyHint("Tab", "edit"), KeyHint("Esc", "done"), KeyHint("?", "help"), KeyHint("q", "quit"),
      ]
    }
    return (isAddEnabled ? [KeyHint("Enter", "add")] : [])
      + [KeyHint("Esc", "leave field"), KeyHint("Ctrl-C", "quit")]
  }

  override var helpKeys: [KeyHint] {
    [
      KeyHint("Enter", "add the text as an entry"), KeyHint("Tab", "edit the entry again"),
      KeyHint("Esc", "leave the field, then done: go back"),
    ]
  }

  override func handle(_ key: Key) -> Bool {
    guard isFieldFocused else {
      switch key {
      case .tab, .enter: isFieldFocused = true
      case .escape: doneTaps.accept(())
      default: return false
      }
      return true
    }
    switch key {
    case .enter: addTaps.accept(())
    default:
      // Esc is not the field's: the application makes it leave the field.
      guard field.handle(key) else { return false }
      message = nil
    }
    return true
  }

  override func leaveTextField() -> Bool {
    guard isFieldFocused else { return false }
    isFieldFocused = false
    return true
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    let area = rect.inset(top: 1, left: 2)
    let labelWidth = 8
    let rows = area.rows([.fixed(1), .fixed(1), .fixed(1), .fixed(1), .fixed(1), .fill])
    buffer.write(summary, in: rows[0], style: theme.title)
    field.render(
      into: &buffer, rect: rows[2].inset(right: max(0, rows[2].width - labelWidth - 40)),
      labelWidth: labelWidth, isFocused: isFieldFocused, theme: theme)
    let below = rows[3].inset(left: labelWidth)
    if let message {
      buffer.write(
        message.text, in: below, style: message.isFailure ? theme.failure : theme.success)
    } else if let hint {
      buffer.write(hint, in: below, style: theme.secondary)
    }
    let list = rows[5]
    let shown = entries.suffix(list.height)
    for (offset, (number, entry)) in zip(shown.indices, shown).enumerated() {
      buffer.write("\(number + 1). \(entry)", in: list.row(offset), style: theme.text)
    }
  }
}
EOF

create "$screen_tests_file" <<'EOF'
import Navigator
import Testing
import ViewModels

@testable import @tui@

/// The @phrase@ screen, opened with its key from the home, on an 80x24 terminal.
@MainActor @Suite struct @Name@ScreenTests {
  /// The whole screen: the title bar, `rows` under it, and the status bar.
  static func screen(_ rows: [String], status: String) -> [String] {
    let path = " \(Scene.home.title) › \(Scene.@name@.title)"
    let title = path + String(repeating: " ", count: 80 - path.count - 4) + "Ada"
    return [title] + rows + Array(repeating: "", count: 22 - rows.count) + [status]
  }

  @Test func theHomesKeyOpensItEnterAddsAndEscGoesBack() {
    Harness.run { h in
      h.auth.status.accept(.authorized(Harness.ada))
      h.start()
      // The home lists it with its key.
      #expect(h.lines.contains { $0.contains("@key@  @Title@") })
      h.press(.character("@key@"))
      #expect(h.app.navigator.currentStack == [.home, .@name@])

      // Enter on the empty field adds nothing and says why.
      h.press(.enter)
      expectScreen(
        h,
        Self.screen(
          [
            "", "   No entries yet.", "", "   Entry   type, then Enter",
            "           \(@Name@ViewModel.validate("").message!)",
          ],
          status: " Esc leave field  F1 help  Ctrl-C quit"))

      h.type("milk")
      h.advance(by: 300)
      #expect(h.line(23) == " Enter add  Esc leave field  F1 help  Ctrl-C quit")
      h.press(.enter)
      expectScreen(
        h,
        Self.screen(
          [
            "", "   1 entry", "", "   Entry   type, then Enter", "           Added milk.", "",
            "   1. milk",
          ],
          status: " Esc leave field  F1 help  Ctrl-C quit"))

      // Esc leaves the field, where letters are commands again; a second Esc is "Done".
      h.press(.escape)
      #expect(h.app.navigator.currentStack == [.home, .@name@])
      #expect(h.line(23) == " Tab edit  Esc done  ? help  q quit")
      h.press(.tab)
      h.type("eggs")
      h.press(.enter)
      #expect(h.line(8) == "   2. eggs")
      h.press(.escape, times: 2)
      #expect(h.app.navigator.currentStack == [.home])
      // The home's help names the key.
      h.press(.character("?"))
      #expect(h.lines.contains { $0.contains(try! Regex("│ +@key@ +open @Title@ ")) })
    }
  }
}
EOF

# Format what was generated, so that it passes `Scripts/format.sh --lint` whatever the name's
# length. Without `swift format`, the files are as written above.
formatted="yes"
if swift format --version >/dev/null 2>&1; then
  mapfile -t scratch_files < <(find "$scratch/new" "$scratch/changed" -name '*.swift')
  swift format format --in-place --configuration .swift-format "${scratch_files[@]}" ||
    fail "swift format could not format the generated files"
else
  formatted="no"
fi

# Check that the files pass the lint that CI runs (a very long name can make a comment line
# too long); say so rather than fail, since the files are still correct.
lint_note=""
if [ "$formatted" = "yes" ] &&
  ! swift format lint --strict --configuration .swift-format "${scratch_files[@]}" >/dev/null 2>&1; then
  lint_note="Scripts/format.sh --lint reports a problem in the new code (a long name makes a long line?): fix it by hand."
fi

# Move everything into place.
for file in "${new_files[@]}"; do
  mkdir -p "$(dirname "$file")"
  cp "$scratch/new/$file" "$file"
done
mapfile -t edited < <(printf '%s\n' "${changed_files[@]}" | sort -u)
for file in "${edited[@]}"; do
  cp "$scratch/changed/$file" "$file"
done

echo "Added the feature $name: scene .$lower, command '$app_command $command', key '$key' on the home."
echo "Created:"
printf '  %s\n' "${new_files[@]}"
echo "Changed:"
printf '  %s\n' "${edited[@]}"
[ "$formatted" = "yes" ] || echo "swift format was not found: run Scripts/format.sh before committing."
[ -z "$lint_note" ] || echo "$lint_note"
cat <<EOF
Next steps:
  swift build && swift test --filter '$name'
  swift run $app_command login
  swift run $app_command $command milk
  swift run $tui_command
The screen needs an account, as most do: log in first. In $tui_command, press '$key' on the
home to open it.
Then make it yours: its rules are in $viewmodel_file,
their timelines in $viewmodel_test_file. For data, add a
service ("Add a feature" in README.md); list the command in the README's table of commands.
EOF
