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

source Scripts/add-field-steps.sh
Scripts/new-feature.sh Pantry name:String >/dev/null
commit "Add Pantry"
# The field: a property of the draft and its line in `fields`, in the one file that declares
# them.
add_servings_field Pantry

swift build -Xswiftc -warnings-as-errors
Scripts/format.sh --lint
swift test -Xswiftc -warnings-as-errors --filter 'Pantry' 2>&1 | tee "$work/tests.log" |
  grep -E '^(✔|✘) (Suite|Test run)' || true
grep -q 'Test run with .* passed' "$work/tests.log" || fail "the feature's tests did not pass"
for suite in ViewModelTests CommandTests ScreenTests PagesTests PersistenceTests; do
  grep -q "Suite Pantry$suite passed" "$work/tests.log" || fail "the tests of Pantry$suite did not pass"
done

bin=$(swift build -Xswiftc -warnings-as-errors --show-bin-path)
command=$(sed -nE 's/.*static let command = "([^"]+)".*/\1/p' Modules/AppComposition/Support/AppIdentity.swift)
check_servings_option "$bin/$command" "$work/data" pantry

echo "PASS: a typed, validated field added in one file builds, passes its tests and is an option of the command line"
