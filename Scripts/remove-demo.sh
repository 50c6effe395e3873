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
# README and the docs (between `<!-- demo:begin -->` and `<!-- demo:end -->`), and the list
# itself. The list is the whole of it, so the same can be done by hand (README.md, "Removing
# the demo"). It refuses to run when the tree has uncommitted changes (so `git checkout .`
# undoes it), unless given --force, and changes nothing when run again.
set -euo pipefail
cd "$(dirname "$0")/.."

force=no
case "${1:-}" in
  "") ;;
  --force) force=yes ;;
  -h | --help)
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
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
for path in "${demo_paths[@]}"; do
  if [ -e "$path" ]; then
    rm -rf "$path"
    removed+=("$path")
  fi
done

edited=()
for entry in "${demo_lines[@]}"; do
  file=${entry%%|*}
  [ -f "$file" ] || continue
  # The comma after the last line is optional: the formatter leaves none after a list's only
  # element.
  LINES=${entry#*|} perl -0pi -e '
    my $lines = $ENV{LINES}; $lines =~ s/\\n/\n/g; $lines =~ s/,$//;
    $count += s/^\Q$lines\E,?\n//m;
    END { exit($count ? 0 : 3) }
  ' "$file" && edited+=("$file") || true
done
# The demo's sections of the README and the docs.
for doc in README.md CONTRIBUTING.md Docs/*.md Apps/Benchmarks/README.md; do
  [ -f "$doc" ] && grep -q '<!-- demo:begin -->' "$doc" || continue
  perl -0pi -e 's{^<!-- demo:begin -->\n.*?^<!-- demo:end -->\n\n?}{}gms' "$doc"
  edited+=("$doc")
done
mapfile -t edited < <(printf '%s\n' ${edited[@]+"${edited[@]}"} | LC_ALL=C sort -u | sed '/^$/d')

if [ ${#removed[@]} -eq 0 ] && [ ${#edited[@]} -eq 0 ]; then
  echo "The demo is already removed; nothing to change."
  exit 0
fi
if swift format --version >/dev/null 2>&1; then Scripts/format.sh; fi
echo "Removed ${#removed[@]} demo folders and files:"
printf '  %s\n' ${removed[@]+"${removed[@]}"}
echo "Removed the demo's registration lines from ${#edited[@]} files:"
printf '  %s\n' ${edited[@]+"${edited[@]}"}
echo "Build and test: swift build && swift test"
