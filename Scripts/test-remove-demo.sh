#!/usr/bin/env bash
# Checks Scripts/remove-demo.sh the way a new user would use it, in the order the README gives:
# copies the committed tree, renames the app to "Recipes", removes the demo, and checks that a
# second run changes nothing, that no demo folder or marker is left, that nothing outside the
# tests says "friend" (in any case), that the README and the docs name none of the demo's
# features, that no generic module names the demo, that the skeleton builds (warnings as
# errors), passes the format and architecture checks and every test, and that every
# executable's help names the app and no demo. (Scripts/test-new-feature.sh then adds features to the same skeleton.)
#
# With POSTGRES_TEST_URL set (a server's URL, as CI gives), the skeleton is built with the
# Postgres trait and its PostgreSQL tests (the client, its pool, sessions and the login
# throttle) must run there and pass, none skipped: the generic PostgreSQL code is no demo's.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== the remove-demo script after a rename, on a copy"

work="$(mktemp -d "${TMPDIR:-/tmp}/remove-demo-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
copy=$(Scripts/template-copy.sh)
cd "$copy"

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
  Modules/AppServer Modules/LocalBackend Modules/AppComposition Tests/ViewModelsTests \
  Tests/NavigatorTests Tests/ModelsTests Tests/ServicesTests Tests/AppAPITests \
  Tests/RemoteBackendTests Tests/AppServerTests Tests/LocalBackendTests; do
  [ -d "$folder" ] || fail "$folder is missing"
  for feature in Friends Search Timeline Demo; do
    [ ! -e "$folder/$feature" ] || fail "$folder/$feature is still there"
  done
done
markers=$(grep -rnE '(//|#) *demo:(begin|end)' Package.swift .ci/run Modules Apps Tests || true)
[ -z "$markers" ] || fail "demo markers are left:"$'\n'"$markers"
# Nothing outside the tests is called friends: the app's name is Recipes now, and the demo's
# feature is gone.
friendly=$(grep -rli friend --exclude-dir=.build --exclude-dir=.git --exclude-dir=Tests . || true)
[ -z "$friendly" ] || fail "files outside Tests/ still say friend:"$'\n'"$friendly"

# The generic code names none of the demo's features, records or words: the app's modules,
# the executables and the package (the toolkits, which know no app, say "search" and "post"
# in their own senses).
generic=$({
  grep -rnE '\b([Ff]riends?|[Pp]osts?|[Pp]eople|Person|[Tt]imeline|[Ss]earch(es)?)\b|DemoData|(Friend|Post|People|Person|Timeline|Search)[A-Z]' \
    Package.swift Modules Apps --exclude-dir={ReactiveCore,ReactiveCoreBase,ReactiveTesting} \
    --exclude-dir={ReactiveTestingBase,ReactiveBlocking,CommandLineKit,TerminalUI,HTTPServer} |
    grep -v 'binary search'
} || true)
[ -z "$generic" ] || fail "the generic code still names the demo:"$'\n'"$generic"

# The README and the docs describe the app without the demo: no demo section or marker is
# left, and no text names a removed feature, its records or its commands.
docs=(README.md CONTRIBUTING.md Docs Apps/Benchmarks/README.md)
left=$(grep -rnE '<!-- demo:|demo:end -->' "${docs[@]}" || true)
[ -z "$left" ] || fail "demo sections are left in the docs:"$'\n'"$left"
named=$({
  grep -rnwE '[Ff]riends?|[Pp]osts?|[Pp]eople|Person|[Ss]earch(es|ed)?|Timeline' "${docs[@]}"
  grep -rnE "/timeline|timeline --|timeline's|live timeline|demo (app|data)|demo's records" \
    "${docs[@]}"
} || true)
[ -z "$named" ] || fail "the docs still name the demo's features:"$'\n'"$named"

Scripts/format.sh --lint
Scripts/check-architecture.sh
build_options=(-Xswiftc -warnings-as-errors)
[ -z "${POSTGRES_TEST_URL:-}" ] || build_options+=(--traits Postgres)
swift build "${build_options[@]}"
swift test "${build_options[@]}" 2>&1 | tee "$work/tests.log" | grep -E '^(✔|✘) Test run' || true
grep -q 'Test run with .* passed' "$work/tests.log" || fail "the skeleton's tests did not pass"
! grep -q 'with [1-9][0-9]* failures' "$work/tests.log" || fail "the skeleton's XCTest tests failed"
if [ -n "${POSTGRES_TEST_URL:-}" ]; then
  ! grep -q 'skipped: "needs PostgreSQL' "$work/tests.log" || fail "PostgreSQL tests were skipped"
  grep -q 'Suite PostgresClientTests passed' "$work/tests.log" ||
    fail "the PostgreSQL client's tests did not run in the skeleton"
fi
bin=$(swift build "${build_options[@]}" --show-bin-path)
version=$("$bin/recipes" --version)
[[ "$version" == "recipes "* ]] || fail "'recipes --version' printed '$version'"
# Every executable's help, and the terminal UI without a terminal, name the app and no demo.
for executable in recipes recipes-tui recipes-web recipes-server benchmarks; do
  help=$("$bin/$executable" --help 2>&1) || fail "'$executable --help' failed"
  ! grep -qi friend <<<"$help" || fail "'$executable --help' still says friend:"$'\n'"$help"
done
no_terminal=$("$bin/recipes-tui" </dev/null 2>&1 || true)
grep -q "Use 'recipes'" <<<"$no_terminal" || fail "'recipes-tui </dev/null' printed: $no_terminal"
! grep -qi friend <<<"$no_terminal" || fail "'recipes-tui </dev/null' still says friend"

echo "PASS: renamed, without the demo, the skeleton builds and passes its tests, and says friend nowhere"
