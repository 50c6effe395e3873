#!/usr/bin/env bash
# Adds the skeleton of a new screen, wired through every layer, with its tests:
#
#   Scripts/new-feature.sh Name          for example: Scripts/new-feature.sh ShoppingList
#
# Name is an UpperCamelCase Swift identifier. It fills in the templates under Scripts/Templates
# (real Swift files whose names and text say __Feature__, __feature__, __command__, __Title__,
# __phrase__, __key__, __app__, __CLIModule__ and __TUIModule__ where the feature's names go).
# For ShoppingList it creates
#   Modules/ViewModels/ShoppingList/ShoppingListViewModel.swift   the view model
#   Tests/ViewModelsTests/ShoppingList/ShoppingListViewModelTests.swift  its timelines, on virtual time
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

identity=Modules/AppComposition/Support/AppIdentity.swift
app_command=$(sed -nE 's/.*static let command = "([^"]+)".*/\1/p' "$identity" 2>/dev/null || true)
tui_command=$(sed -nE 's/.*static let terminalCommand = "([^"]+)".*/\1/p' "$identity" 2>/dev/null || true)
[ -n "$app_command" ] && [ -n "$tui_command" ] || fail "cannot read the app's commands from $identity"

# The new files are the templates under Scripts/Templates: a template's path there, with
# __Feature__ replaced by the name, is where its file goes (a new template is a new file).
templates=Scripts/Templates
mapfile -t template_files < <(cd "$templates" 2>/dev/null && find . -type f -name '*.swift' |
  sed 's|^\./||' | LC_ALL=C sort)
[ ${#template_files[@]} -gt 0 ] || fail "no templates under $templates"
new_files=()
for template in "${template_files[@]}"; do new_files+=("${template//__Feature__/$name}"); done

# The fronts' folders (each feature is a folder of its own in each) and their module names,
# which the tests import.
cli_dir="$(dirname "$(dirname "$program_file")")"
tui_dir="$(dirname "$(dirname "$features_file")")"
cli_tests_dir=$(dirname "$command_test_file")
tui_harness=$(grep -rlF --include=Harness.swift 'TUIApplication(' Tests 2>/dev/null | head -1 || true)
tui_tests_dir=$(dirname "${tui_harness:-.}")
for file in "${new_files[@]}"; do
  dir=$(dirname "$file")
  # The feature's own folders are new; the folders around them must exist.
  [ "$(basename "$dir")" = "$name" ] && dir=$(dirname "$dir")
  [ -d "$dir" ] || fail "cannot find the folder $dir for $file"
done
cli_module=$(sed -nE 's/^@testable import ([A-Za-z0-9_]+)$/\1/p' "$cli_tests_dir/Harness.swift" 2>/dev/null | head -1 || true)
tui_module=$(sed -nE 's/^@testable import ([A-Za-z0-9_]+)$/\1/p' "$tui_tests_dir/Harness.swift" 2>/dev/null | head -1 || true)
[ -n "$cli_module" ] && [ -n "$tui_module" ] ||
  fail "cannot read the fronts' module names from the test harnesses in $cli_tests_dir and $tui_tests_dir"

feature_dir="Modules/ViewModels/$name"
viewmodel_file="$feature_dir/${name}ViewModel.swift"
viewmodel_test_file="Tests/ViewModelsTests/${name}/${name}ViewModelTests.swift"
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
      s/__Feature__/$ENV{NAME}/g; s/__feature__/$ENV{LOWER}/g; s/__command__/$ENV{COMMAND}/g;
      s/__Title__/$ENV{TITLE}/g; s/__phrase__/$ENV{PHRASE}/g; s/__key__/$ENV{KEY}/g;
      s/__app__/$ENV{APP}/g; s/__CLIModule__/$ENV{CLI}/g; s/__TUIModule__/$ENV{TUI}/g;
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

# Fills in the template $1 as the new file $2.
create() {
  mkdir -p "$(dirname "$scratch/new/$2")"
  fill <"$templates/$1" >"$scratch/new/$2"
}

# One line in each place that lists the scenes, their titles, the home's features, the
# commands and the names the command-line tests expect.
insert "$scene_file" "$scene_marker" <<<$'/// The __phrase__ screen.\ncase __feature__'
insert "$title_file" "$title_marker" <<<'case .__feature__: return "__Title__"'
insert "$features_file" "$feature_marker" <<<'.__feature__,'
insert "$program_file" "$command_marker" <<<'__Feature__Command.self,'
insert "$command_test_file" "$command_test_marker" <<<'"__command__",'
for index in "${!template_files[@]}"; do
  create "${template_files[$index]}" "${new_files[$index]}"
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
