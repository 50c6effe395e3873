#!/usr/bin/env bash
# Checks Scripts/remove-demo.sh the way a new user would use it, in the order the README gives:
# copies the committed tree, renames the app to "Recipes", removes the demo, and checks that a
# second run changes nothing, that no demo folder or marker is left, that the skeleton builds
# (warnings as errors), passes the format and architecture checks and every test, and that
# `recipes --version` says recipes; then adds the feature "Ingredients" to the skeleton and
# checks that it builds and passes its tests, and that the new command runs.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/remove-demo-test.XXXXXX")"
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

Scripts/rename.sh Recipes >/dev/null
git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "Rename to Recipes"
Scripts/remove-demo.sh
git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "Remove the demo"
second=$(Scripts/remove-demo.sh)
[ "$second" = "The demo is already removed; nothing to change." ] ||
  fail "a second run changed something: $second"
[ -z "$(git status --porcelain)" ] || fail "a second run changed files: $(git status --porcelain)"

# No demo folder and no demo marker is left, in the screens' layers or the data layers.
for folder in Modules/ViewModels Modules/Navigator Apps/CLI Apps/TUI Modules/Models \
  Modules/Services Modules/ServicesTesting Modules/AppAPI Modules/RemoteBackend \
  Modules/RecipesServer Modules/LocalBackend Tests/ViewModelsTests Tests/NavigatorTests \
  Tests/ModelsTests Tests/ServicesTests Tests/AppAPITests Tests/RemoteBackendTests \
  Tests/RecipesServerTests Tests/LocalBackendTests; do
  [ -d "$folder" ] || fail "$folder is missing"
  for feature in Friends Search Timeline Demo; do
    [ ! -e "$folder/$feature" ] || fail "$folder/$feature is still there"
  done
done
markers=$(grep -rnE '// demo:(begin|end)' Package.swift Modules Apps Tests || true)
[ -z "$markers" ] || fail "demo markers are left:"$'\n'"$markers"

Scripts/format.sh --lint
Scripts/check-architecture.sh
swift build -Xswiftc -warnings-as-errors
swift test -Xswiftc -warnings-as-errors 2>&1 | tee "$work/tests.log" | grep -E '^(✔|✘) Test run' || true
grep -q 'Test run with .* passed' "$work/tests.log" || fail "the skeleton's tests did not pass"
! grep -q 'with [1-9][0-9]* failures' "$work/tests.log" || fail "the skeleton's XCTest tests failed"
bin=$(swift build -Xswiftc -warnings-as-errors --show-bin-path)
version=$("$bin/recipes" --version)
[[ "$version" == "recipes "* ]] || fail "'recipes --version' printed '$version'"

# A feature of one's own on the skeleton.
Scripts/new-feature.sh Ingredients >/dev/null
swift build -Xswiftc -warnings-as-errors
Scripts/format.sh --lint
# The new feature's suites on their own first: in a larger run, the lines of the suites that
# passed can come out mixed with what other tests print.
swift test -Xswiftc -warnings-as-errors --filter 'Ingredients' \
  2>&1 | tee "$work/feature.log" | grep -E '^(✔|✘) Test run' || true
for suite in IngredientsViewModelTests IngredientsCommandTests IngredientsScreenTests; do
  grep -q "Suite $suite passed" "$work/feature.log" || fail "the tests of $suite did not pass"
done
grep -q 'Test run with .* passed' "$work/feature.log" || fail "the new feature's tests did not pass"
swift test -Xswiftc -warnings-as-errors --filter 'Home|TUITests|CLITests|NavigatorTests' \
  2>&1 | tee "$work/others.log" | grep -E '^(✔|✘) Test run' || true
grep -q 'Test run with .* passed' "$work/others.log" || fail "the tests after new-feature did not pass"
data="$work/data"
"$bin/recipes" --data-dir "$data" login --email ada@example.com --password "correct horse" >/dev/null
output=$("$bin/recipes" --data-dir "$data" ingredients flour 2>/dev/null)
[ "$output" = $'Added flour.\n1 entry' ] || fail "'recipes ingredients flour' printed: $output"

echo "PASS: renamed, without the demo, the skeleton builds and passes its tests, and so does a new feature"
