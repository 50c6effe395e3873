#!/usr/bin/env bash
# Checks Scripts/new-feature.sh the way a new user would use it, in the order the README gives:
# copies the committed tree, renames the app to "Recipes", removes the demo, adds the features
# "Ingredients" (name:String quantity:Int?) and "Steps" (text:String minutes:Int), and checks
# that a second run, bad names and bad fields are refused without changing anything, that
# each added exactly its files (at most 250 product lines) and
# one line in each list, and that the result builds (warnings as errors), passes the format
# and architecture checks and the tests of the features and of the lists they changed; then
# that recipes-web serves the page of Ingredients in headless Chromium (Scripts/web-e2e.sh),
# that what one process adds with typed options, a second one lists, on the embedded store
# and through recipes-server, and that a value of the wrong type is a usage error.
#
# With POSTGRES_TEST_URL set (a server's URL, as CI gives), it builds with the Postgres trait:
# the features' PostgreSQL tests must run and pass, and recipes-server keeps what one client
# adds in a new database of that server, where a second server lists it.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/new-feature-test.XXXXXX")"
server_pid=""
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
copy=$(Scripts/template-copy.sh)
cd "$copy"
commit() { git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "$1"; }

fail() {
  echo "error: $*" >&2
  exit 1
}

Scripts/rename.sh Recipes >/dev/null
commit "Rename to Recipes"
Scripts/remove-demo.sh >/dev/null
commit "Remove the demo"

lists="Apps/CLI/Program/Features.swift
Apps/TUI/Home/Features.swift
Apps/Web/Home/Features.swift
Modules/AppServer/Support/Features.swift
Modules/LocalBackend/Support/StoreCollections.swift"
for feature in Ingredients Steps; do
  case "$feature" in
    Ingredients) Scripts/new-feature.sh Ingredients name:String 'quantity:Int?' >/dev/null ;;
    Steps) Scripts/new-feature.sh Steps text:String minutes:Int >/dev/null ;;
  esac
  git add -A
  # The feature's product code is short: the rest is written once in the modules.
  product=$(git diff --cached --numstat --diff-filter=A | awk '$3 !~ /^Tests\// { n += $1 } END { print n + 0 }')
  [ "$product" -le 250 ] || fail "new-feature.sh $feature wrote $product product lines, more than 250"
  # Exactly its own files are new (each in a folder named after it), and each list gained
  # one line.
  others=$(git diff --cached --name-only --diff-filter=A | grep -v "/$feature/" || true)
  [ -z "$others" ] || fail "new-feature.sh $feature created files outside its folders:"$'\n'"$others"
  count=$(git diff --cached --name-only --diff-filter=A | wc -l)
  templates=$(find Scripts/Templates -name '*.swift' | wc -l)
  [ "$count" -eq "$templates" ] || fail "new-feature.sh $feature created $count files, not $templates"
  changed=$(git diff --cached --name-only --diff-filter=DMR | LC_ALL=C sort)
  [ "$changed" = "$lists" ] || fail "new-feature.sh $feature changed other files:"$'\n'"$changed"
  # Each list has the feature's line once, and lost none of its other lines.
  low="$(tr '[:upper:]' '[:lower:]' <<<"${feature:0:1}")${feature:1}"
  for expected in "Apps/TUI/Home/Features.swift|.$low," "Apps/Web/Home/Features.swift|.$low," \
    "Apps/CLI/Program/Features.swift|${low}Commands," \
    "Modules/AppServer/Support/Features.swift|Endpoints.records(${feature}Item.self)," \
    "Modules/LocalBackend/Support/StoreCollections.swift|RecordCollection<${feature}Item>(),"; do
    file=${expected%%|*}
    line=${expected#*|}
    [ "$(grep -cxF -e "$line" -e "${line%,}" <(sed 's/^[[:space:]]*//' "$file"))" -eq 1 ] ||
      fail "$file does not register $feature once with '$line'"
  done
  # A line it removed is an empty list it opened (`[]`), or the list's last element, written
  # again with a comma.
  diff=$(git diff --cached -U0 --diff-filter=M)
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    [[ "$line" == *"[]" ]] && continue
    grep -qxF -- "+$line," <<<"$diff" || fail "new-feature.sh $feature removed the line '$line'"
  done < <(grep -E '^-[^-]' <<<"$diff" | sed 's/^-//' || true)
  commit "Add $feature"
done
lower() { tr '[:upper:]' '[:lower:]' <<<"${1:0:1}"; }
grep -q '^      .ingredients,$' Apps/TUI/Home/Features.swift || fail "the home does not list Ingredients"
grep -q '^      .steps,$' Apps/TUI/Home/Features.swift || fail "the home does not list Steps"

# Refusals say why in one line and change nothing: a feature again, a name that clashes with
# a Swift or project type (status 64 or 1), names that are not UpperCamelCase identifiers.
expect_refusal() {
  local expected=$1 status=0
  shift
  Scripts/new-feature.sh "$@" >"$work/out" 2>"$work/err" || status=$?
  [ "$status" -eq "$expected" ] || fail "new-feature.sh '$*' exited with $status, not $expected"
  [ ! -s "$work/out" ] && [ "$(wc -l <"$work/err")" -eq 1 ] && grep -qE '^(error|usage): ' "$work/err" ||
    fail "new-feature.sh '$*' did not say why in one line on standard error: $(cat "$work/out" "$work/err")"
  [ -z "$(git status --porcelain)" ] || fail "new-feature.sh '$*' changed something:"$'\n'"$(git status --porcelain)"
}
expect_refusal 1 Ingredients
for clash in Feature String Scene Route Program Home Date; do expect_refusal 64 "$clash"; done
expect_refusal 64 shopping-list
expect_refusal 64 1Abc
expect_refusal 64 Self
expect_refusal 64 ""
expect_refusal 64
# Fields that are not `name:Type` of a known type, with a lowerCamelCase name used once.
expect_refusal 64 Pantry quantity:Integer
expect_refusal 64 Pantry 9x:Int
expect_refusal 64 Pantry amount:Int amount:Double
expect_refusal 64 Pantry class:Int
expect_refusal 64 Pantry quantity
# A name that a doc comment mentions (`NotesScene` in Navigator's example) is no clash.
Scripts/new-feature.sh Notes >/dev/null || fail "new-feature.sh Notes was refused"
git reset -q --hard && git clean -qfd

build_options=(-Xswiftc -warnings-as-errors)
[ -z "${POSTGRES_TEST_URL:-}" ] || build_options+=(--traits Postgres)
swift build "${build_options[@]}"
Scripts/format.sh --lint
Scripts/check-architecture.sh

# The new features' tests, then those of the parts whose lists changed. Swift Testing prints a
# line per suite that passed: make sure the filter found the new ones.
swift test "${build_options[@]}" --filter 'Ingredients|Steps' 2>&1 | tee "$work/tests.log" |
  grep -E '^(✔|✘) (Suite|Test run)' || true
for feature in Ingredients Steps; do
  for suite in ViewModelTests CommandTests ScreenTests PagesTests PersistenceTests; do
    grep -q "Suite $feature$suite passed" "$work/tests.log" || fail "the tests of $feature$suite did not pass"
  done
  grep -q "Test .*$(lower "$feature")${feature:1}RoutesAddListAndRemove.* passed" "$work/tests.log" ||
    fail "the server's tests of $feature did not pass"
  if [ -n "${POSTGRES_TEST_URL:-}" ]; then
    grep -q "Suite ${feature}PostgresTests passed" "$work/tests.log" ||
      fail "the PostgreSQL tests of $feature did not pass"
  fi
done
grep -q 'Test run with .* passed' "$work/tests.log" || fail "the new features' tests did not pass"
swift test "${build_options[@]}" --filter 'NavigatorTests|CLITests|TUITests|WebTests|HomeViewModelTests|AppServerTests' \
  2>&1 | tee "$work/others.log" | grep -E '^(✔|✘) Test run' || true
grep -q 'Test run with .* passed' "$work/others.log" || fail "the tests of the lists did not pass"

# The web front serves the new page, and a browser adds, edits and deletes an entry on it.
BUILD_OPTIONS="${build_options[*]}" Scripts/web-e2e.sh /ingredients ||
  fail "the browser test of the page /ingredients did not pass"

# What one process adds, a second one lists: on the embedded store.
bin=$(swift build "${build_options[@]}" --show-bin-path)
data="$work/data"
recipes() { "$bin/recipes" --data-dir "$data" "$@"; }
recipes login --email ada@example.com --password "correct horse" >/dev/null
output=$(recipes ingredients add --name flour --quantity 2)
[ "$output" = "Added flour (id 1)." ] || fail "'recipes ingredients add --name flour --quantity 2' printed: $output"
json=$(recipes ingredients list --json)
grep -q '"name" : "flour"' <<<"$json" && grep -q '"quantity" : 2' <<<"$json" ||
  fail "'recipes ingredients list --json' printed: $json"
status=0
recipes ingredients add --name rye --quantity abc 2>"$work/err" || status=$?
[ "$status" -eq 64 ] && grep -q -- "--quantity must be an integer" "$work/err" ||
  fail "a quantity that is no integer was not a usage error: status $status, $(cat "$work/err")"
status=0
recipes steps add --text " " --minutes 3 2>"$work/err" || status=$?
[ "$status" -eq 1 ] && grep -q "Text cannot be empty." "$work/err" ||
  fail "an empty step was not refused: status $status, $(cat "$work/err")"

# And through recipes-server: one client adds, a second lists, and the server's store has it.
# serve ARGS…: starts recipes-server on a free port with ARGS and sets `url` to its address.
serve() {
  rm -f "$work/server.out"
  "$bin/recipes-server" --port 0 "$@" >"$work/server.out" 2>"$work/server.err" &
  server_pid=$!
  url=""
  for _ in $(seq 1 100); do
    url=$(head -1 "$work/server.out" 2>/dev/null || true)
    [ -n "$url" ] && break
    sleep 0.1
  done
  [ -n "$url" ] || fail "recipes-server printed no URL: $(cat "$work/server.err")"
}
stop_server() {
  kill "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}
served="$work/served"
serve --data-dir "$served"
remote() { "$bin/recipes" --server "$url" --data-dir "$work/client-$1" "${@:2}"; }
remote 1 login --email ada@example.com --password "correct horse" >/dev/null
remote 2 login --email ada@example.com --password "correct horse" >/dev/null
output=$(remote 1 steps add --text "mix the flour" --minutes 5)
[ "$output" = "Added mix the flour (id 1)." ] || fail "'recipes steps add' through the server printed: $output"
json=$(remote 2 steps list --json)
grep -q '"text" : "mix the flour"' <<<"$json" && grep -q '"minutes" : 5' <<<"$json" ||
  fail "the second client listed: $json"
stop_server
# The server's data directory has no login of its own: log in there to read it.
"$bin/recipes" --data-dir "$served" login --email ada@example.com --password "correct horse" >/dev/null
json=$("$bin/recipes" --data-dir "$served" steps list --json)
grep -q '"text" : "mix the flour"' <<<"$json" || fail "the server's store lists: $json"

# The same on PostgreSQL: a server adds to a new database, and a second one lists it.
if [ -n "${POSTGRES_TEST_URL:-}" ]; then
  psql=$(command -v psql || ls /usr/lib/postgresql/*/bin/psql 2>/dev/null | sort -V | tail -n 1)
  [ -n "$psql" ] || fail "psql was not found, to create the server's database"
  database="recipes_$$"
  "$psql" -q "$POSTGRES_TEST_URL" -c "CREATE DATABASE $database" ||
    fail "could not create the database $database"
  database_url=$(sed -E "s#^(postgres(ql)?://[^/]*)/[^?]*#\1/$database#" <<<"$POSTGRES_TEST_URL")
  serve --database "$database_url"
  remote 3 login --email ada@example.com --password "correct horse" >/dev/null
  output=$(remote 3 ingredients add --name flour --quantity 2)
  [ "$output" = "Added flour (id 1)." ] || fail "'recipes ingredients add' on PostgreSQL printed: $output"
  stop_server
  serve --database "$database_url"
  remote 4 login --email ada@example.com --password "correct horse" >/dev/null
  json=$(remote 4 ingredients list --json)
  stop_server
  "$psql" -q "$POSTGRES_TEST_URL" -c "DROP DATABASE $database" || true
  grep -q '"name" : "flour"' <<<"$json" && grep -q '"quantity" : 2' <<<"$json" ||
    fail "a second server on the same database listed: $json"
fi

echo "PASS: two new features build, pass their tests, and keep their data in the store and on the server${POSTGRES_TEST_URL:+, on PostgreSQL too}"
