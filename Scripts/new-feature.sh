#!/usr/bin/env bash
# Adds a feature with data, through every layer, with its tests:
#
#   Scripts/new-feature.sh Name [field:Type ...]
#   for example: Scripts/new-feature.sh Ingredients name:String quantity:Int? note:String?
#
# Name is an UpperCamelCase Swift identifier. Each field is a lowerCamelCase Swift name and a
# type: String, Int, Double, Bool or Date, with ? when it may be left empty; without fields
# the feature keeps a single text, `text:String`. A String field must not be empty; every
# text has at most 100 characters. The feature keeps entries (an id, the fields and when it
# was added) that persist in the embedded store, in PostgreSQL and on the server; the terminal
# UI has a screen on the home (a form with one field per field, and the list), and the
# command line `APP name list`, `show ID`, `add --field VALUE…`, `edit ID --field VALUE…`,
# `remove ID`, with --json. A value of the wrong type is a usage error naming the field.
#
# The fields are declared once, in the draft (Models' DeclaredDraft): validation, reading
# from text, printing, the stored and HTTP form (DeclaredRecord), the form and list view
# models (RecordFormViewModel, RecordListViewModel), the command (RecordsAction) and the
# screen (RecordsScreen) are written once in the modules and follow from it. To add a field
# later, add a property and its line in `fields` in Modules/Models/Name/NameItem.swift.
#
# It fills in the templates under Scripts/Templates (real Swift files whose names and text
# say __Feature__, __feature__, __command__, __Title__, __phrase__, __word__, __key__, __app__,
# __CLIModule__, __TUIModule__ and __WebModule__ where the feature's names go, and lines // __FIELDS__ and
# // __PROPERTIES__ where its fields go); for Ingredients it creates, each in a folder
# Ingredients of its layer:
#   Models            IngredientsItem, a DeclaredRecord, and IngredientsDraft, its fields
#   AppComposition    `services.ingredients`: the records' service, `any RecordsService<IngredientsItem>`
#   ViewModels        IngredientsScene
#   Apps/CLI, Apps/TUI  the command `ingredients` and the home's entry for the screen
#   Apps/Web          the page /ingredients and the home's link to it
# and their tests, a PostgreSQL test among them. The operations on its records (list, get,
# add, update with a revision, remove, changes) are written once for every record, on each
# engine: the embedded store and PostgreSQL (RecordStore), the HTTP routes (AppAPI's
# RecordRoutes: /ingredients and /ingredients/{id}), the client (RemoteBackend's
# RemoteRecords), the server (AppServer's Endpoints.records) and the fakes
# (ServicesTesting's InMemoryRecordsService and FakeRecordsService). It registers the feature
# with one line in each list that composes the app:
#   Apps/TUI/Home/Features.swift                   the home's features
#   Apps/Web/Home/Features.swift                   the web home's features
#   Apps/CLI/Program/Features.swift                the commands
#   Modules/AppServer/Support/Features.swift       the server's routes
#   Modules/LocalBackend/Support/StoreCollections.swift   the store's data
# Each line goes at the end of its list, with a comma after the line before it, so any number
# of features can be added. Run it any number of times, before or after Scripts/rename.sh and
# Scripts/remove-demo.sh.
#
# It checks everything before it writes anything: a name that is not an UpperCamelCase
# identifier, or that would clash with a Swift keyword, a Swift or project type or member, a
# command or a route that exists, or a field that is not `name:Type` of a known type, whose
# name is not a lowerCamelCase identifier, is a Swift keyword or is given twice, exits with
# status 64 or 1 and a message saying which. The
# new files are formatted with `swift format` when it is available.
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: Scripts/new-feature.sh Name [field:Type ...]   (Name an UpperCamelCase Swift identifier, such as Ingredients; Type String, Int, Double, Bool or Date, with ? when optional)"
if [ $# -eq 1 ] && { [ "$1" = "-h" ] || [ "$1" = "--help" ]; }; then
  echo "$usage"
  exit 0
fi
if [ $# -lt 1 ] || [ -z "$1" ]; then
  echo "$usage" >&2
  exit 64
fi
name="$1"
shift
field_specs=("$@")
[ ${#field_specs[@]} -gt 0 ] || field_specs=("text:String")
if ! [[ "$name" =~ ^[A-Z][A-Za-z0-9]*$ ]]; then
  echo "error: '$name' is not a feature name: use an UpperCamelCase Swift identifier (letters and digits, starting with a capital letter), such as Ingredients" >&2
  exit 64
fi

# The name's other forms: ShoppingList -> shoppingList (in code), shopping-list (the command
# and the route), "Shopping list" (the title) and "shopping list" (in sentences and help).
lower=$(perl -e '$_ = shift; if (/^([A-Z]+)([A-Z][a-z].*)$/) { $_ = lc($1) . $2 } elsif (/^([A-Z]+)(.*)$/) { $_ = lc($1) . $2 } print' "$name")
words=$(perl -e '$_ = shift; s/([a-z0-9])([A-Z])/$1 $2/g; s/([A-Z]+)([A-Z][a-z])/$1 $2/g; print' "$name")
command=$(tr ' ' '-' <<<"$words" | tr '[:upper:]' '[:lower:]')
# Words in capitals (URL, HTTP) keep them; the others are lower case after the first word.
title=$(perl -e 'my @w = split / /, shift; print join " ", $w[0], map { /^[A-Z0-9]+$/ && length > 1 ? $_ : lc } @w[1 .. $#w]' "$words")
phrase=$(perl -e '$_ = shift; print /^[A-Z0-9]{2,}\b/ ? $_ : lcfirst' "$title")
# One record's word in messages ("No ingredient has the id 7."): the phrase made singular.
word=$(perl -e '$_ = shift; s/ies$/y/ or s/(ch|sh|ss|x|z)es$/$1/ or s/([^su])s$/$1/; print' "$phrase")

refuse() {
  echo "error: $* (nothing was changed)" >&2
  exit 64
}
fail() {
  echo "error: $* (nothing was changed)" >&2
  exit 1
}

keywords=" associatedtype class deinit enum extension fileprivate func import init inout internal
  let open operator private precedencegroup protocol public rethrows static struct subscript
  typealias var break case catch continue default defer do else fallthrough for guard if in
  repeat return throw switch where while as false is nil self super throws true try await async
  any some type Type Self Any Protocol "
if [[ "$keywords" == *[[:space:]]"$lower"[[:space:]]* || "$keywords" == *[[:space:]]"$name"[[:space:]]* ]]; then
  refuse "'$name' is a Swift keyword in one of its forms ('$lower'); choose another name"
fi
# Names of Swift's, Foundation's and the project's own types and of the template's parts,
# which a feature's name would hide or clash with.
reserved=" String Int Double Float Bool Character Substring Array Dictionary Set Optional Result
  Error Never Void Date Data URL UUID Decimal Task Actor MainActor Sendable Codable Encodable
  Decodable Hashable Equatable Identifiable Comparable Sequence Collection Range Observable
  Single Completable Maybe Driver Signal Infallible Disposable Scheduler Feature Features Scene
  Route Navigator Program Command Screen Harness Item Items Service Services Record Draft App
  AppServices AppIdentity Home Login Session Account Support Demo Fake Endpoints HTTPAPI Store
  LocalStore LocalBackend RemoteBackend Models ViewModels Fixtures Timestamp Validation "
if [[ "$reserved" == *[[:space:]]"$name"[[:space:]]* ]]; then
  refuse "'$name' is the name of a Swift, Foundation or project type; choose another name"
fi

# The fields: each `name:Type` or `name:Type?`, a lowerCamelCase Swift name used once, of a
# type a declared field can have. Each becomes a property of the draft and a line of its
# `fields`; everything else follows from them.
field_lines=""
property_lines=""
example_options=""
seen=" "
for spec in "${field_specs[@]}"; do
  [[ "$spec" =~ ^([^:]*):([^:]*)$ ]] ||
    refuse "'$spec' is not a field: write name:Type, such as quantity:Int or note:String?"
  field="${BASH_REMATCH[1]}"
  type="${BASH_REMATCH[2]}"
  [[ "$field" =~ ^[a-z][A-Za-z0-9]*$ ]] ||
    refuse "'$field' (in '$spec') is not a field name: use a lowerCamelCase Swift identifier (letters and digits, starting with a small letter), such as bestBefore"
  [[ "$keywords" != *[[:space:]]"$field"[[:space:]]* ]] ||
    refuse "'$field' (in '$spec') is a Swift keyword; choose another field name"
  case " id revision createdAt draft stored fields " in
    *" $field "*) refuse "'$field' (in '$spec') is a name every entry has already; choose another field name" ;;
  esac
  [[ "$seen" != *" $field "* ]] || refuse "the field '$field' is given twice"
  seen="$seen$field "
  base="${type%\?}"
  case "$base" in
    String) initial='""' ;;
    Int | Double) initial=0 ;;
    Bool) initial=false ;;
    Date) initial='Date(timeIntervalSince1970: 0)' ;;
    *) refuse "'$type' (in '$spec') is not a field type: use String, Int, Double, Bool or Date, with ? for an optional one (such as Int?)" ;;
  esac
  rules=""
  case "$type" in
    String) rules=", rules: [.required, .maximumLength(100)]" ;;
    String\?) rules=", rules: [.maximumLength(100)]" ;;
  esac
  example_options+="--$(perl -pe 's/([A-Z])/-\l$1/g' <<<"$field") $(case "$base" in String) echo milk ;; Int) echo 2 ;; Double) echo 2.5 ;; Bool) echo true ;; Date) echo 2026-03-01 ;; esac) "
  field_lines+="Field(\\.$field, \"$field\"$rules),"$'\n'
  if [ "$type" = "$base" ]; then
    property_lines+="/// The $field."$'\n'"public var $field = $initial"$'\n'
  else
    property_lines+="/// The $field, if any."$'\n'"public var $field: $type"$'\n'
  fi
done

app_identity=Modules/AppComposition/Support/AppIdentity.swift
app_command=$(sed -nE 's/.*static let command = "([^"]+)".*/\1/p' "$app_identity" 2>/dev/null || true)
tui_command=$(sed -nE 's/.*static let terminalCommand = "([^"]+)".*/\1/p' "$app_identity" 2>/dev/null || true)
web_command=$(sed -nE 's/.*static let webCommand = "([^"]+)".*/\1/p' "$app_identity" 2>/dev/null || true)
[ -n "$app_command" ] && [ -n "$tui_command" ] && [ -n "$web_command" ] || fail "cannot read the app's commands from $app_identity"

# The lists that compose the app: each is the only list in its file.
features_list=Apps/TUI/Home/Features.swift
web_list=Apps/Web/Home/Features.swift
commands_list=Apps/CLI/Program/Features.swift
routes_list=Modules/AppServer/Support/Features.swift
store_list=Modules/LocalBackend/Support/StoreCollections.swift
for list in "$features_list" "$web_list" "$commands_list" "$routes_list" "$store_list"; do
  [ -f "$list" ] || fail "cannot find $list, where features are registered"
  grep -qE '^[[:space:]]*\][[:space:]]*$|\[\][[:space:]]*$' "$list" ||
    fail "cannot find the end of the list in $list"
done

# The new files are the templates under Scripts/Templates: a template's path there, with
# __Feature__ replaced by the name, is where its file goes (a new template is a new file).
templates=Scripts/Templates
mapfile -t template_files < <(cd "$templates" 2>/dev/null && find . -type f -name '*.swift' |
  sed 's|^\./||' | LC_ALL=C sort)
[ ${#template_files[@]} -gt 0 ] || fail "no templates under $templates"
new_files=()
for template in "${template_files[@]}"; do new_files+=("${template//__Feature__/$name}"); done

tui_dir=Apps/TUI
cli_module=$(sed -nE 's/^@testable import ([A-Za-z0-9_]+)$/\1/p' Tests/CLITests/Harness.swift 2>/dev/null | head -1 || true)
tui_module=$(sed -nE 's/^@testable import ([A-Za-z0-9_]+)$/\1/p' Tests/TUITests/Harness.swift 2>/dev/null | head -1 || true)
web_module=$(sed -nE 's/^@testable import ([A-Za-z0-9_]+)$/\1/p' Tests/WebTests/WebHarness.swift 2>/dev/null | head -1 || true)
[ -n "$cli_module" ] && [ -n "$tui_module" ] && [ -n "$web_module" ] ||
  fail "cannot read the fronts' module names from the harnesses in Tests/CLITests, Tests/TUITests and Tests/WebTests"

# Refuse a feature that exists, in part or whole, or a name that clashes with what is there.
for file in "${new_files[@]}"; do
  dir=$(dirname "$file")
  [ "$(basename "$dir")" = "$name" ] && dir=$(dirname "$dir")
  [ -d "$dir" ] || fail "cannot find the folder $dir for $file"
  [ ! -e "$file" ] || fail "$file already exists: the feature '$name' is there"
  [ ! -e "$(dirname "$file")" ] || [ "$(basename "$(dirname "$file")")" != "$name" ] ||
    fail "$(dirname "$file") already exists: the feature '$name' (or a folder of that name) is there"
done
types="$name|${name}Item|${name}Service|Fake${name}Service|${name}Scene|${name}ViewModel|${name}Command|${name}Screen|${name}Record|${name}Draft|${name}ViewModelTests|${name}CommandTests|${name}ScreenTests|${name}PersistenceTests"
# A declaration counts, not a name in a comment (a doc comment's example may say `NotesScene`).
not_comment() { grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true; }
clash=$(grep -rnE --include='*.swift' \
  "\b(struct|class|enum|protocol|actor|typealias|associatedtype)[[:space:]]+($types)\b" \
  Modules Apps Tests 2>/dev/null | not_comment | head -1 || true)
[ -z "$clash" ] || refuse "a type named after '$name' already exists: $clash"
# A scene, a home feature, a service or a list of commands of that name.
member=$(grep -rnE --include='*.swift' \
  "\b(static[[:space:]]+(var|let|func)|public[[:space:]]+var)[[:space:]]+($lower|${lower}Commands)\b" \
  Modules/ViewModels Modules/AppComposition Modules/Navigator Apps/TUI Apps/CLI 2>/dev/null |
  not_comment | head -1 || true)
[ -z "$member" ] || refuse "'$lower' is already a member name: $member"
if [ "$command" = "help" ] || grep -rqF "name: \"$command\"" Apps/CLI; then
  refuse "the command '$command' already exists"
fi
if grep -rqE "\"/$command(/|\")" Modules/AppAPI ||
  grep -rnE --include='*.swift' "static let (routeName|collectionName) = \"$command\"" Modules/Models |
  not_comment | grep -q .; then
  refuse "the route '/$command' already exists"
fi
if grep -rqE "RecordCollection<[A-Za-z0-9]+>\(\"$lower\"" "$store_list" ||
  grep -rnE --include='*.swift' "static let collectionName = \"$lower\"" Modules/Models |
  not_comment | grep -q .; then
  refuse "the store already has data named '$lower'"
fi

# The key that opens the screen from the home: the first letter of the name that no feature
# and no key of the home or of the whole app uses yet, else a digit.
used=$( {
  grep -rhoE --include='*Feature.swift' 'key: "[^"]*"' "$tui_dir" | sed -E 's/key: "(.*)"/\1/'
  cat "$tui_dir/Home/HomeScreen.swift" "$tui_dir/TUIApplication.swift" |
    grep -oE '\.character\("[^"]*"\)' | sed -E 's/.*\("(.*)"\)/\1/'
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
    WORD="$word" APP="$app_command" CLI="$cli_module" TUI="$tui_module" WEB="$web_module" \
    FIELDS="$field_lines" \
    PROPERTIES="$property_lines" perl -pe '
      s/__Feature__/$ENV{NAME}/g; s/__feature__/$ENV{LOWER}/g; s/__command__/$ENV{COMMAND}/g;
      s/__Title__/$ENV{TITLE}/g; s/__phrase__/$ENV{PHRASE}/g; s/__key__/$ENV{KEY}/g;
      s/__word__/$ENV{WORD}/g;
      s/__app__/$ENV{APP}/g; s/__CLIModule__/$ENV{CLI}/g; s/__TUIModule__/$ENV{TUI}/g;
      s/__WebModule__/$ENV{WEB}/g;
      s/^([ \t]*)\/\/ __FIELDS__\n/my $i = $1; join("", map { "$i$_\n" } split(m{\n}, $ENV{FIELDS}))/e;
      s/^([ \t]*)\/\/ __PROPERTIES__\n/my $i = $1; join("", map { "$i$_\n" } split(m{\n}, $ENV{PROPERTIES}))/e;
    '
}

# Adds the filled-in line $2 at the end of the list in $1 (in its scratch copy): above the
# line that closes the list, indented one level more, with a comma after the line before it
# (the formatter leaves none after a list's only element).
register() {
  local copy="$scratch/changed/$1"
  if [ ! -e "$copy" ]; then
    mkdir -p "$(dirname "$copy")"
    cp "$1" "$copy"
  fi
  LINE=$(fill <<<"$2") perl -0pi -e '
    s{^([^\n]*?)[ \t]*\n([ \t]*)(\][ \t]*)$}{
      my ($before, $indent, $close) = ($1, $2, $3);
      $before .= "," unless $before =~ /[,\[]$/;
      "$before\n$indent  $ENV{LINE}\n$indent$close"
    }me or s{^([ \t]*)([^\n]*?)\[\][ \t]*$}{$1$2\[\n$1  $ENV{LINE}\n$1\]}m
      or die "the end of the list is missing\n";
  ' "$copy"
}

register "$features_list" '.__feature__,'
register "$web_list" '.__feature__,'
register "$commands_list" '__feature__Commands,'
register "$routes_list" 'Endpoints.records(__Feature__Item.self),'
register "$store_list" 'RecordCollection<__Feature__Item>(),'
for index in "${!template_files[@]}"; do
  mkdir -p "$(dirname "$scratch/new/${new_files[$index]}")"
  fill <"$templates/${template_files[$index]}" >"$scratch/new/${new_files[$index]}"
done

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
changed_files=("$features_list" "$web_list" "$commands_list" "$routes_list" "$store_list")
for file in "${changed_files[@]}"; do
  cp "$scratch/changed/$file" "$file"
done

echo "Added the feature $name: command '$app_command $command', route /$command, key '$key' on the home."
echo "Created:"
printf '  %s\n' "${new_files[@]}"
echo "Registered it, one line each, in:"
printf '  %s\n' "${changed_files[@]}"
[ "$formatted" = "yes" ] || echo "swift format was not found: run Scripts/format.sh before committing."
[ -z "$lint_note" ] || echo "$lint_note"
cat <<EOF
Next steps:
  swift build && swift test --filter '$name'
  swift run $app_command login
  swift run $app_command $command add $example_options
  swift run $app_command $command list
  swift run $tui_command          (then '$key' on the home)
  swift run $web_command          (then the page /$command)
Then make it yours: the fields, their labels and rules are declared once, in
Modules/Models/$name/${name}Item.swift.
EOF
