#!/usr/bin/env bash
# Prints the line coverage of each module and app, from the data of the last
# `swift test --enable-code-coverage` (same build options as that run: pass them here too,
# for example --scratch-path). Uses the toolchain's llvm-cov.
set -euo pipefail
cd "$(dirname "$0")/.."

bin="$(swift build "$@" --show-bin-path)"
profile="$bin/codecov/default.profdata"
tests="$bin/FriendsPackageTests.xctest"
if [[ -d "$tests/Contents/MacOS" ]]; then tests="$tests/Contents/MacOS/FriendsPackageTests"; fi
if command -v xcrun >/dev/null 2>&1; then
  llvm_cov=(xcrun llvm-cov)
else
  llvm_cov=("$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov")
fi
if [[ ! -f "$profile" ]]; then
  echo "coverage: no data in $profile; run swift test --enable-code-coverage first" >&2
  exit 1
fi

# One line per source file: lines and missed lines are the 8th and 9th columns.
"${llvm_cov[@]}" report "$tests" -instr-profile "$profile" \
  -ignore-filename-regex '(\.build|/Tests)/' |
  awk -v root="$PWD/" '
    NF >= 10 && $2 ~ /^[0-9]+$/ {
      path = $1
      if (index(path, root) == 1) path = substr(path, length(root) + 1)
      split(path, part, "/")
      if (part[1] != "Modules" && part[1] != "Apps") next
      name = part[1] "/" part[2]
      lines[name] += $8; missed[name] += $9
      total += $8; totalMissed += $9
    }
    END {
      printf "%-32s %8s %8s %8s\n", "module", "lines", "missed", "cover"
      for (name in lines) {
        printf "%-32s %8d %8d %7.1f%%\n", name, lines[name], missed[name],
          lines[name] ? 100 * (lines[name] - missed[name]) / lines[name] : 100
      }
      printf "%-32s %8d %8d %7.1f%%\n", "total", total, totalMissed,
        total ? 100 * (total - totalMissed) / total : 100
    }' | { read -r header; echo "$header"; sort; }
