#!/usr/bin/env bash
# The steps of adding a typed, validated field to a generated feature, shared by
# Scripts/test-add-field.sh and Scripts/test-rename.sh (source it; it runs nothing itself).
# The feature must have been generated with a `name:String` field and committed.

# Declares `servings: Int?` (from 1 to 12) in the draft of the generated feature $1 (such as
# Pantry), in the one file that declares its fields, and fails when more than two product
# files changed.
add_servings_field() {
  local feature=$1
  local draft="Modules/Models/$feature/${feature}Item.swift"
  perl -0pi -e '
    s{\n([ \t]*)(Field\(\\\.name, "name"[^\n]*?),?\n}{\n$1$2,\n$1Field(\\.servings, "servings", rules: [.range(1...12)]),\n}
      or die "no field line for name\n";
    s{(\n([ \t]*)public var name = ""\n)}{$1$2/// How many it serves, if known.\n$2public var servings: Int?\n}
      or die "no property name\n";
  ' "$draft"
  local changed
  changed=$(git diff --name-only | grep -v '^Tests/' || true)
  if [ "$(wc -l <<<"$changed")" -gt 2 ]; then
    echo "error: adding a field changed more than 2 product files:"$'\n'"$changed" >&2
    return 1
  fi
}

# Uses the new field from the command line of the built app ($1, the program) with the data
# in $2, on the feature's command $3: a value is saved and listed, one the rule refuses exits
# with 1, one of the wrong type with 64, and an edit changes it.
check_servings_option() {
  local program=$1 data=$2 feature=$3
  local err="$data.err" output json status
  app() { "$program" --data-dir "$data" "$@"; }
  app login --email ada@example.com --password "correct horse" >/dev/null
  output=$(app "$feature" add --name jam --servings 4)
  [[ "$output" == "Added jam (id "*")." ]] ||
    { echo "error: '$feature add --name jam --servings 4' printed: $output" >&2; return 1; }
  local id=${output##*id }
  id=${id%%)*}
  json=$(app "$feature" list --json)
  grep -q '"servings" : 4' <<<"$json" ||
    { echo "error: '$feature list --json' printed: $json" >&2; return 1; }
  status=0
  app "$feature" add --name honey --servings 40 2>"$err" || status=$?
  [ "$status" -eq 1 ] && grep -q "Servings must be from 1 to 12." "$err" ||
    { echo "error: 40 servings were not refused: status $status, $(cat "$err")" >&2; return 1; }
  status=0
  app "$feature" edit "$id" --servings many 2>"$err" || status=$?
  [ "$status" -eq 64 ] && grep -q -- "--servings must be an integer" "$err" ||
    { echo "error: '--servings many' was not a usage error: status $status, $(cat "$err")" >&2; return 1; }
  app "$feature" edit "$id" --servings 6 >/dev/null
  json=$(app "$feature" show "$id" --json)
  grep -q '"servings" : 6' <<<"$json" ||
    { echo "error: '$feature show $id --json' printed after the edit: $json" >&2; return 1; }
}
