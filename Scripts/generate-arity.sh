#!/usr/bin/env bash
# Writes ReactiveCore's fixed-arity files (combineLatest and zip of 2 to 8 sources, their
# Infallible, Single, Maybe, Driver and Signal forms, and the drive/emit pair) from
# Scripts/generate-arity.swift, formatted with the repository's .swift-format.
#   Scripts/generate-arity.sh          regenerate the files in place
#   Scripts/generate-arity.sh --check  regenerate into a temporary directory and fail if a
#                                      committed file differs (for CI)
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d "${TMPDIR:-/tmp}/generate-arity.XXXXXX")"
trap 'rm -rf "$out"' EXIT
files=()
while IFS= read -r file; do files+=("$file"); done < <(swift Scripts/generate-arity.swift "$out")
(cd "$out" && swift format format --in-place --configuration "$OLDPWD/.swift-format" "${files[@]}")
if [ "${1:-}" = "--check" ]; then
  stale=0
  for file in "${files[@]}"; do
    if ! cmp -s "$out/$file" "$file"; then
      echo "stale: $file (run Scripts/generate-arity.sh)" >&2
      diff -u "$file" "$out/$file" | head -20 >&2 || true
      stale=1
    fi
  done
  exit "$stale"
fi
for file in "${files[@]}"; do cp "$out/$file" "$file"; done
printf '%s\n' "${files[@]}"
