#!/usr/bin/env bash
# Formats the Swift sources with the repository's .swift-format configuration.
#   Scripts/format.sh          rewrite files in place
#   Scripts/format.sh --lint   report differences and exit non-zero if any (for CI)
set -euo pipefail
cd "$(dirname "$0")/.."
# The templates of Scripts/new-feature.sh are Swift files too, kept in the same format.
paths=(Package.swift Modules Apps Tests Scripts/Templates)
existing=()
for path in "${paths[@]}"; do [ -e "$path" ] && existing+=("$path"); done
if [ "${1:-}" = "--lint" ]; then
  swift format lint --strict --recursive --parallel --configuration .swift-format "${existing[@]}"
else
  swift format format --in-place --recursive --parallel --configuration .swift-format "${existing[@]}"
fi
