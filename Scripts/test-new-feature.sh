#!/usr/bin/env bash
# Checks Scripts/new-feature.sh the way a new user would use it: copies the committed tree, adds
# the feature "ShoppingList", checks that a second run and bad names are refused without
# changing anything, and that the result builds (warnings as errors), passes the format and
# architecture checks and its tests, and that the new command runs in the built executable.
#
# To keep CI short it runs the new feature's tests and those of the navigator, the home and the
# two fronts, whose files the script changes; CI runs every test on the unchanged tree.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/new-feature-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
copy="$work/tree"
mkdir "$copy"
git archive HEAD | tar -x -C "$copy"
cd "$copy"
git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm template

fail() {
  echo "error: $*" >&2
  exit 1
}

Scripts/new-feature.sh ShoppingList
git add -A

# Exactly these files are new, and exactly these changed.
created="Apps/CLI/ShoppingList/ShoppingListCommand.swift
Apps/TUI/ShoppingList/ShoppingListFeature.swift
Apps/TUI/ShoppingList/ShoppingListScreen.swift
Modules/ViewModels/ShoppingList/ShoppingListViewModel.swift
Tests/CLITests/ShoppingListCommandTests.swift
Tests/TUITests/ShoppingListScreenTests.swift
Tests/ViewModelsTests/ShoppingList/ShoppingListViewModelTests.swift"
changed="Apps/CLI/Program/Program.swift
Apps/TUI/Home/Features.swift
Modules/Navigator/Support/Scene.swift
Tests/CLITests/ArgumentSpecTests.swift"
actual=$(git diff --cached --name-only --diff-filter=A | LC_ALL=C sort)
[ "$actual" = "$(LC_ALL=C sort <<<"$created")" ] || fail "the script created other files than expected:"$'\n'"$actual"
actual=$(git diff --cached --name-only --diff-filter=DMR | LC_ALL=C sort)
[ "$actual" = "$(LC_ALL=C sort <<<"$changed")" ] || fail "the script changed other files than expected:"$'\n'"$actual"
grep -q '^  case shoppingList$' Modules/Navigator/Support/Scene.swift || fail "no scene .shoppingList"
grep -q 'case .shoppingList: return "Shopping list"' Modules/Navigator/Support/Scene.swift ||
  fail "the scene has no title"
grep -q '^    ShoppingListCommand.self,$' Apps/CLI/Program/Program.swift ||
  fail "the command is not in the program"
grep -q '^      .shoppingList,$' Apps/TUI/Home/Features.swift || fail "the home does not list the feature"
grep -q 'HomeEntry(scene: .shoppingList, key: "h"' Apps/TUI/ShoppingList/ShoppingListFeature.swift ||
  fail "the feature's entry does not open its scene with the first free letter"
grep -q 'scene == .shoppingList ? ShoppingListScreen(host: host) : nil' \
  Apps/TUI/ShoppingList/ShoppingListFeature.swift || fail "the feature does not make its screen"
git -c user.name=ci -c user.email=ci@localhost commit -qm "Add ShoppingList"

# Refusals say why in one line and change nothing: the feature again and a name that exists
# (status 1), names that are not UpperCamelCase identifiers (status 64).
expect_refusal() {
  local expected=$1 status=0
  shift
  Scripts/new-feature.sh "$@" >"$work/out" 2>"$work/err" || status=$?
  [ "$status" -eq "$expected" ] || fail "new-feature.sh '$*' exited with $status, not $expected"
  [ ! -s "$work/out" ] && [ "$(wc -l <"$work/err")" -eq 1 ] && grep -qE '^(error|usage): ' "$work/err" ||
    fail "new-feature.sh '$*' did not say why in one line on standard error: $(cat "$work/out" "$work/err")"
  [ -z "$(git status --porcelain)" ] || fail "new-feature.sh '$*' changed something:"$'\n'"$(git status --porcelain)"
}
expect_refusal 1 ShoppingList
expect_refusal 1 Search
expect_refusal 64 shopping-list
expect_refusal 64 1Abc
expect_refusal 64 ""
expect_refusal 64

swift build -Xswiftc -warnings-as-errors
Scripts/format.sh --lint
Scripts/check-architecture.sh

# The new feature's tests, then those of the parts the script changed. Swift Testing prints a
# line per suite that passed: make sure the filter found the new ones. (The same compiler flags
# as the build above, so that the tests reuse it.)
swift test -Xswiftc -warnings-as-errors --filter ShoppingList 2>&1 | tee "$work/tests.log"
for suite in ShoppingListViewModelTests ShoppingListCommandTests ShoppingListScreenTests; do
  grep -q "Suite $suite passed" "$work/tests.log" || fail "the tests of $suite did not run"
done
grep -q 'Test run with .* passed' "$work/tests.log" || fail "the new feature's tests did not pass"
swift test -Xswiftc -warnings-as-errors --filter 'NavigatorTests|CLITests|TUITests|HomeViewModelTests'

# The command in the built executable, on fresh data.
command=$(sed -nE 's/.*static let command = "([^"]+)".*/\1/p' Modules/AppComposition/Support/AppIdentity.swift)
binary="$(swift build --show-bin-path)/$command"
data="$work/data"
"$binary" --data-dir "$data" login --email ada@example.com --password "correct horse" >/dev/null
status=0
output=$(printf 'milk\n \neggs\n' | "$binary" --data-dir "$data" shopping-list 2>"$work/err") ||
  status=$?
[ "$status" -eq 1 ] || fail "the command exited with $status, not 1, after an empty entry"
[ "$output" = $'Added milk.\nAdded eggs.\n2 entries' ] || fail "the command printed: $output"
[ "$(cat "$work/err")" = "error: An entry cannot be empty." ] ||
  fail "the command said on standard error: $(cat "$work/err")"
output=$(swift run --skip-build "$command" --data-dir "$data" shopping-list milk 2>/dev/null)
[ "$output" = $'Added milk.\n1 entry' ] || fail "the command with an argument printed: $output"

echo "PASS: the new feature builds, passes its tests and runs"
