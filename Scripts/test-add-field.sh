#!/usr/bin/env bash
# Checks that a typed, validated field is added to a generated feature by editing one product
# file (at most two may change): on a copy of the committed tree, adds the feature "Pantry"
# (name:String), then declares `servings: Int?` (from 1 to 12) in its draft, and checks that
# the result builds (warnings as errors), passes the format check and the feature's tests
# (which cover every declared field), and that the command line takes the new option: a
# value is saved and listed, one the rule refuses exits with 1, one of the wrong type with 64.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/add-field-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
copy=$(Scripts/template-copy.sh)
cd "$copy"
commit() { git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "$1"; }
fail() {
  echo "error: $*" >&2
  exit 1
}

Scripts/new-feature.sh Pantry name:String >/dev/null
commit "Add Pantry"

# The field: a property of the draft and its line in `fields`, in the one file that declares
# them.
draft=Modules/Models/Pantry/PantryItem.swift
perl -0pi -e '
  s{\n([ \t]*)(Field\(\\\.name, "name"[^\n]*?),?\n}{\n$1$2,\n$1Field(\\.servings, "servings", rules: [.range(1...12)]),\n}
    or die "no field line for name\n";
  s{(\n([ \t]*)public var name = ""\n)}{$1$2/// How many it serves, if known.\n$2public var servings: Int?\n}
    or die "no property name\n";
' "$draft"
changed=$(git diff --name-only | grep -v '^Tests/' || true)
[ "$(wc -l <<<"$changed")" -le 2 ] || fail "adding a field changed more than 2 product files:"$'\n'"$changed"

swift build -Xswiftc -warnings-as-errors
Scripts/format.sh --lint
swift test -Xswiftc -warnings-as-errors --filter 'Pantry' 2>&1 | tee "$work/tests.log" |
  grep -E '^(✔|✘) (Suite|Test run)' || true
grep -q 'Test run with .* passed' "$work/tests.log" || fail "the feature's tests did not pass"
for suite in ViewModelTests CommandTests ScreenTests PersistenceTests; do
  grep -q "Suite Pantry$suite passed" "$work/tests.log" || fail "the tests of Pantry$suite did not pass"
done

bin=$(swift build -Xswiftc -warnings-as-errors --show-bin-path)
command=$(sed -nE 's/.*static let command = "([^"]+)".*/\1/p' Modules/AppComposition/Support/AppIdentity.swift)
app() { "$bin/$command" --data-dir "$work/data" "$@"; }
app login --email ada@example.com --password "correct horse" >/dev/null
output=$(app pantry add --name jam --servings 4)
[ "$output" = "Added jam (id 1)." ] || fail "'pantry add --name jam --servings 4' printed: $output"
json=$(app pantry list --json)
grep -q '"servings" : 4' <<<"$json" || fail "'pantry list --json' printed: $json"
status=0
app pantry add --name honey --servings 40 2>"$work/err" || status=$?
[ "$status" -eq 1 ] && grep -q "Servings must be from 1 to 12." "$work/err" ||
  fail "40 servings were not refused: status $status, $(cat "$work/err")"
status=0
app pantry edit 1 --servings many 2>"$work/err" || status=$?
[ "$status" -eq 64 ] && grep -q -- "--servings must be an integer" "$work/err" ||
  fail "'--servings many' was not a usage error: status $status, $(cat "$work/err")"
output=$(app pantry edit 1 --servings 6)
json=$(app pantry show 1 --json)
grep -q '"servings" : 6' <<<"$json" || fail "'pantry show 1 --json' printed after the edit: $json"

echo "PASS: a typed, validated field added in one file builds, passes its tests and is an option of the command line"
