#!/usr/bin/env bash
# Checks Scripts/rename.sh the way a new user would use it: copies the committed tree, renames
# the app to "Notes" (or "Memos" if it is called Notes), checks that the old app name is gone
# wherever it named the app (the README's commands and headings included), that a second run
# changes nothing, that the renamed package, with a feature added beside the demo ("Pantry",
# with a typed field added to it afterwards by editing one product file, as
# Scripts/test-add-field.sh does alone), builds (warnings as errors) and passes all its tests,
# that the new field is an option of the renamed command line, and that each renamed
# executable says its new name.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/rename-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
copy=$(Scripts/template-copy.sh)
cd "$copy"

# The names the app has now (AppIdentity says them), and the new one.
identity=Modules/AppComposition/Support/AppIdentity.swift
old_name=$(sed -nE 's/.*static let name = "([^"]+)".*/\1/p' "$identity")
old_command=$(sed -nE 's/.*static let command = "([^"]+)".*/\1/p' "$identity")
old_prefix=$(sed -nE 's/.*static let dataDirectoryVariable = "([A-Z0-9_]+)_DATA_DIR".*/\1/p' "$identity")
new_name=Notes
[ "$old_name" != Notes ] || new_name=Memos
new_command=$(tr '[:upper:]' '[:lower:]' <<<"$new_name")

# Asking for help prints the usage and changes nothing.
help=$(Scripts/rename.sh --help)
[[ "$help" == *"Scripts/rename.sh NewName"* ]] && git diff --quiet ||
  { echo "error: 'Scripts/rename.sh --help' did not print its usage, or changed files" >&2; exit 1; }

Scripts/rename.sh "$new_name"
second=$(Scripts/rename.sh "$new_name")
[ "$second" = "The app is already called $new_name; nothing to change." ] ||
  { echo "error: a second rename changed something: $second" >&2; exit 1; }

leftovers=$(git grep -n -E "$old_command-tui|$old_command-web|$old_command-server|${old_prefix}_DATA_DIR|${old_prefix}_SERVER|${old_name}CLI|${old_name}TUI|${old_name}Web\b|swift run $old_command\b|name: \"$old_name\"|$old_name (app|server|HTTP API)|package: \"$old_name\"" \
  -- . ':!Scripts/rename.sh' ':!Scripts/test-rename.sh' ':!Modules/ReactiveCore' ':!Modules/ReactiveTesting' \
  ':!Modules/ReactiveCoreBase' ':!Modules/ReactiveTestingBase' ':!Modules/ReactiveBlocking' \
  ':!Modules/CommandLineKit' ':!Modules/TerminalUI' ':!Modules/HTTPServer' ':!Modules/WebUI' \
  ':!Tests/ReactiveCoreTests' ':!Tests/ReactiveTestingTests' ':!Tests/CommandLineKitTests' \
  ':!Tests/TerminalUITests' ':!Tests/HTTPServerTests' ':!Tests/WebUITests' || true)
if [ -n "$leftovers" ]; then
  echo "error: the old app name is still there:" >&2
  echo "$leftovers" >&2
  exit 1
fi

# The README: every command of its examples, its headings and its diagram use the new name.
readme_leftovers=$(grep -nE "(^|[\`\"(]|\\$ )$old_command( [a-z-]|\`)|Apps/CLI: $old_command|$old_command-tui|$old_command-web" README.md || true)
if [ -n "$readme_leftovers" ]; then
  echo "error: the README still names the old command:" >&2
  echo "$readme_leftovers" >&2
  exit 1
fi

# A feature added beside the demo, as a team that keeps the demo for reference would, then a
# field added to it: its tests and the demo's all pass together.
source Scripts/add-field-steps.sh
# Its fields cover a date and a yes-or-no beside the text the field is added after.
Scripts/new-feature.sh Pantry name:String 'bestBefore:Date?' opened:Bool >/dev/null
git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "Rename, and add Pantry"
add_servings_field Pantry

Scripts/format.sh --lint
Scripts/check-architecture.sh
swift build -Xswiftc -warnings-as-errors
swift test -Xswiftc -warnings-as-errors 2>&1 | tee "$work/tests.log" | grep -E '^(✔|✘) Test run|with [0-9]+ failures' || true
grep -q 'Test run with .* passed' "$work/tests.log" ||
  { echo "error: the renamed template with a feature beside the demo did not pass its tests" >&2; exit 1; }
! grep -q 'with [1-9][0-9]* failures' "$work/tests.log" ||
  { echo "error: XCTest tests failed in the renamed template" >&2; exit 1; }
for suite in ViewModelTests CommandTests ScreenTests PagesTests PersistenceTests; do
  grep -q "Suite Pantry$suite passed" "$work/tests.log" ||
    { echo "error: the tests of Pantry$suite, added beside the demo, did not pass" >&2; exit 1; }
done

# Each executable says its new name.
bin=$(swift build -Xswiftc -warnings-as-errors --show-bin-path)
for program in "$new_command" "$new_command-tui" "$new_command-web" "$new_command-server"; do
  version=$("$bin/$program" --version)
  [[ "$version" == "$program "* ]] ||
    { echo "error: '$program --version' printed '$version'" >&2; exit 1; }
done
check_servings_option "$bin/$new_command" "$work/data" pantry
echo "PASS: the renamed template builds and passes its tests"
