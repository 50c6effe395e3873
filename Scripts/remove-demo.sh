#!/usr/bin/env bash
# Removes the demo's features (listed in Scripts/demo.txt), their screens and their data, leaving
# an app that logs in, resets a password, shows who is logged in, logs out and lands on an empty
# home, ready for features of its own:
#
#   Scripts/remove-demo.sh            then: swift build && swift test
#
# A feature is a unit: its folders and files, and one line in each list that registers it.
# This deletes the demo's folders and files listed in Scripts/demo.txt, then each of its
# registration lines listed there, found by exact match, then the demo's sections of the
# README and the docs (from `<!-- demo:begin -->` to `<!-- demo:end -->`; a section that
# ends with `<!-- demo:else` instead keeps the text between that line and `demo:end -->`,
# hidden until then, which says the same of the app without the demo), and the list itself.
# The list is the whole of it, so the same can be done by hand (README.md, "Remove the
# demo"). It prints how many folders, files and lines it removed. It refuses to run when
# the tree has uncommitted changes (so `git checkout .` undoes it), unless given --force,
# and changes nothing when run again.
set -euo pipefail
cd "$(dirname "$0")/.."

force=no
case "${1:-}" in
  "") ;;
  --force) force=yes ;;
  -h | --help)
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "usage: Scripts/remove-demo.sh [--force]" >&2
    exit 64
    ;;
esac

# The list of what goes: Scripts/demo.txt, which goes with it.
manifest=Scripts/demo.txt
if [ ! -f "$manifest" ]; then
  echo "The demo is already removed; nothing to change."
  exit 0
fi

# The manifest's lines: a folder or file to delete, or "file|line" for a registration line
# (a line of several, joined with \n, is one entry).
demo_paths=()
demo_lines=()
while IFS= read -r line; do
  case "$line" in
    "" | "#"*) continue ;;
  esac
  if [[ "$line" == *"|"* ]]; then demo_lines+=("$line"); else demo_paths+=("$line"); fi
done <"$manifest"
demo_paths+=("$manifest")

if [ "$force" = no ] && git rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
  [ -n "$(git status --porcelain)" ]; then
  echo "error: the tree has uncommitted changes; commit them first (or use --force)" >&2
  exit 1
fi

removed=()
folders=0
files=0
for path in "${demo_paths[@]}"; do
  if [ -d "$path" ]; then
    folders=$((folders + 1))
  elif [ -e "$path" ]; then
    files=$((files + 1))
  else
    continue
  fi
  rm -rf "$path"
  removed+=("$path")
done

edited=()
lines=0
for entry in "${demo_lines[@]}"; do
  file=${entry%%|*}
  [ -f "$file" ] || continue
  # The comma after the last line is optional: the formatter leaves none after a list's only
  # element.
  if LINES=${entry#*|} perl -0pi -e '
    my $lines = $ENV{LINES}; $lines =~ s/\\n/\n/g; $lines =~ s/,$//;
    $count += s/^\Q$lines\E,?\n//m;
    END { exit($count ? 0 : 3) }
  ' "$file"; then
    edited+=("$file")
    # An entry of several lines joined with \n removes them all.
    lines=$((lines + $(awk -F'\\\\n' '{ print NF }' <<<"${entry#*|}")))
  fi
done
# The demo's sections of the README and the docs, and the text for the app without it.
sections=0
docs=()
for doc in README.md CONTRIBUTING.md Docs/*.md Apps/Benchmarks/README.md; do
  [ -f "$doc" ] && grep -q '<!-- demo:begin -->' "$doc" || continue
  count=$(perl -0pi -e '
    $count += s{^<!-- demo:begin -->\n.*?^(?:<!-- demo:end -->\n\n?|<!-- demo:else\n(.*?)^demo:end -->\n)}{$1 // ""}gmse;
    END { print $count + 0 }
  ' "$doc")
  sections=$((sections + count))
  docs+=("$doc")
done
mapfile -t edited < <(printf '%s\n' ${edited[@]+"${edited[@]}"} | LC_ALL=C sort -u | sed '/^$/d')

if [ ${#removed[@]} -eq 0 ] && [ ${#edited[@]} -eq 0 ] && [ ${#docs[@]} -eq 0 ]; then
  echo "The demo is already removed; nothing to change."
  exit 0
fi
if swift format --version >/dev/null 2>&1; then Scripts/format.sh; fi
echo "Removed $folders folders and $files files of the demo:"
printf '  %s\n' ${removed[@]+"${removed[@]}"}
echo "Removed $lines registration lines of the demo from ${#edited[@]} files that stay:"
printf '  %s\n' ${edited[@]+"${edited[@]}"}
echo "Removed $sections sections about the demo from ${#docs[@]} documents:"
printf '  %s\n' ${docs[@]+"${docs[@]}"}
echo "Build and test: swift build && swift test"
