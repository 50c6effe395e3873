#!/usr/bin/env bash
# Renames the app (its current name is the one in AppIdentity) to yours, everywhere the name
# identifies the app: the package, the executables (APP, APP-tui, APP-web, APP-server), their
# modules, the data folder, the environment variables, the README, the docs, the scripts and
# CI. The demo's features keep their own names until Scripts/remove-demo.sh removes them.
#
#   Scripts/rename.sh NewName        for example: Scripts/rename.sh Notes
#
# NewName must be a Swift identifier that starts with a capital letter (Notes, MyApp). The
# command becomes its lower-case, hyphenated form (notes, my-app) and the environment prefix
# its upper-case form (NOTES, MY_APP). Running it again with the same name changes nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

new_name="${1:-}"
if [ "$new_name" = "-h" ] || [ "$new_name" = "--help" ]; then
  sed -nE '2,11s/^# ?//p' "$0"
  exit 0
fi
if [ -z "$new_name" ] || [ $# -ne 1 ]; then
  echo "usage: Scripts/rename.sh NewName" >&2
  exit 64
fi
if ! [[ "$new_name" =~ ^[A-Z][A-Za-z0-9]*$ ]]; then
  echo "error: '$new_name' is not a valid app name: use a Swift identifier that starts with a" \
    "capital letter and has only letters and digits, such as Notes or MyApp" >&2
  exit 64
fi

identity=Modules/AppComposition/Support/AppIdentity.swift
current_name=$(sed -nE 's/.*static let name = "([^"]+)".*/\1/p' "$identity")
current_command=$(sed -nE 's/.*static let command = "([^"]+)".*/\1/p' "$identity")
current_prefix=$(sed -nE 's/.*static let dataDirectoryVariable = "([A-Z0-9_]+)_DATA_DIR".*/\1/p' "$identity")
if [ -z "$current_name" ] || [ -z "$current_command" ] || [ -z "$current_prefix" ]; then
  echo "error: cannot read the current names from $identity" >&2
  exit 1
fi

new_command=$(sed -E 's/([a-z0-9])([A-Z])/\1-\2/g' <<<"$new_name" | tr '[:upper:]' '[:lower:]')
new_prefix=$(tr '[:lower:]-' '[:upper:]_' <<<"$new_command")

if [ "$new_name" = "$current_name" ]; then
  echo "The app is already called $new_name; nothing to change."
  exit 0
fi

# Text files under version control, or every text file when this is not a git checkout.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files -z | xargs -0 grep -Il '' 2>/dev/null || true)
else
  mapfile -t files < <(find . -type f -not -path './.build/*' -not -path './.git/*' \
    -exec grep -Il '' {} + 2>/dev/null || true)
fi

cmd="$current_command"
export CURRENT_NAME="$current_name" NEW_NAME="$new_name" CMD="$cmd" NEW_CMD="$new_command" \
  PREFIX="$current_prefix" NEW_PREFIX="$new_prefix"

changed=()
for file in "${files[@]}"; do
  case "$file" in
    # The rename script itself, and the generic toolkits, which name no app.
    Scripts/rename.sh | Scripts/test-rename.sh | Modules/ReactiveCore/* | Modules/ReactiveTesting/* | Modules/ReactiveCoreBase/* | \
      Modules/ReactiveTestingBase/* | Modules/ReactiveBlocking/* | \
      Modules/CommandLineKit/* | Modules/TerminalUI/* | Modules/HTTPServer/* | Modules/WebUI/* | \
      Tests/ReactiveCoreTests/* | Tests/ReactiveTestingTests/* | Tests/CommandLineKitTests/* | \
      Tests/TerminalUITests/* | Tests/HTTPServerTests/* | Tests/WebUITests/* | Tests/TestSupport/*)
      continue
      ;;
  esac
  before=$(cksum <"$file")
  perl -0pi -e '
    my ($n, $nn, $c, $nc, $p, $np) = @ENV{qw(CURRENT_NAME NEW_NAME CMD NEW_CMD PREFIX NEW_PREFIX)};
    # Executables and their modules.
    s/\b\Q$c\E-(tui|web|server|benchmarks|cli)\b/$nc-$1/g;
    s/\b\Q$n\E(CLI|TUI|Web|ServerApp|Server|PackageTests)(Tests)?\b/$nn$1$2/g;
    # Environment variables.
    s/\b\Q$p\E_(DATA_DIR|SERVER|TUI|CLI)\b/$np\_$1/g;
    # The identity file and the package name.
    s/(static let (?:name) = ")\Q$n\E(")/$1$nn$2/g;
    s/(static let (?:command|dataFolderName) = ")\Q$c\E(")/$1$nc$2/g;
    s/(name: ")\Q$n\E(",)/$1$nn$2/g;
    s/(\.executable\(name: ")\Q$c\E(")/$1$nc$2/g;
    # The command in docs, scripts and tests: "swift run APP", "APP login", paths.
    s/\bswift run \Q$c\E\b(?!-)/swift run $nc/g;
    # Any command line or version line: the command, then a subcommand, an option, a
    # placeholder or a version, at the start of a line, after a prompt, or inside quotes or
    # parentheses.
    s/(^[ \t]*|[`\x27"(]|\$ )\Q$c\E(?= (?:[a-z0-9][a-z0-9.-]*|--?[a-z][a-z0-9-]*|\[|<))/$1$nc/mg;
    # The command named alone in code quotes, and as the CLI front in diagrams.
    s/`\Q$c\E`/`$nc`/g;
    s/(Apps\/CLI: |Apps\/CLI \()\Q$c\E\b(?!-)/$1$nc/g;
    s/(\.build\/[\w\/-]*\/|\/debug\/|\/release\/|products\/)\Q$c\E\b(?!-)/$1$nc/g;
    s/(programName = ")\Q$c\E(")/$1$nc$2/g;
    s/((?:USAGE|Usage|usage): )\Q$c\E\b(?!-)/$1$nc/g;
    # The data folder.
    s/(share\/|XDG_DATA_HOME\/)\Q$c\E\b(?!-)/$1$nc/g;
    # The README title.
    s/^# \Q$n\E:/# $nn:/m;
    # The app named in prose ("the APP app", "an APP server", "the APP HTTP API",
    # "one app, "APP""), with APP the current name, and the package in the examples of
    # depending on it.
    s/\b\Q$n\E (app|server|HTTP API)\b/$nn $1/g;
    s/(app, ")\Q$n\E(")/$1$nn$2/g;
    s/(package: "|\.\.\/)\Q$n\E(?=["\/])/$1$nn/g;
  ' "$file"
  after=$(cksum <"$file")
  [ "$before" != "$after" ] && changed+=("$file")
done

# Folders named after a renamed module.
while IFS= read -r dir; do
  target="$(dirname "$dir")/$(basename "$dir" | sed -E "s/^$current_name/$new_name/")"
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git mv "$dir" "$target"
  else
    mv "$dir" "$target"
  fi
  changed+=("$dir -> $target")
done < <(find Modules Apps Tests -type d -regextype posix-extended \
  -regex ".*/$current_name(CLI|TUI|ServerApp|Server)(Tests)?" 2>/dev/null | sort -r)

# Renamed imports may no longer be in order: format the sources again.
if swift format --version >/dev/null 2>&1; then
  Scripts/format.sh
else
  echo "warning: 'swift format' is not available; run Scripts/format.sh to re-sort the renamed imports" >&2
fi

echo "Renamed $current_name ($current_command, ${current_prefix}_*) to $new_name ($new_command, ${new_prefix}_*)."
if [ ${#changed[@]} -eq 0 ]; then
  echo "No file needed a change."
else
  echo "Changed ${#changed[@]} files:"
  printf '  %s\n' "${changed[@]}"
fi
echo "Build and test: swift build && swift test"
