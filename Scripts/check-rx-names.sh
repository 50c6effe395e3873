#!/usr/bin/env bash
# Checks that the drop-in products (RxSwift, RxRelay, RxCocoa, RxTest, RxBlocking) export
# RxSwift 6.10's public names and no others, members of types included: a name that RxSwift
# lacks, added to one of its types, would shadow a client's global of that name inside the
# client's extensions of the type (a file-level `let resolution` used in an
# `extension TestScheduler`, say), and break code that builds against RxSwift.
#
# Each product's symbol graph, with what it re-exports, is compared with the names in
# Tests/APIBaselines/RxSwift-6.10-names.txt that its RxSwift namesake makes visible (RxRelay's
# and RxSwift's through RxRelay, and so on). Additions that are deliberate and cannot clash are
# listed, each with its reason, in Tests/APIBaselines/RxSwift-allowed-additions.txt. What the
# template adds belongs in ReactiveCore's or ReactiveTesting's own modules, which the drop-in
# products do not re-export.
#
#   Scripts/check-rx-names.sh    check (builds the products first)
set -euo pipefail
cd "$(dirname "$0")/.."

products=(RxSwift RxRelay RxCocoa RxTest RxBlocking)
# Every module of the package a product may re-export; the symbol graph takes in those that
# the product does re-export.
reexportable="ReactiveCore,ReactiveCoreBase,ReactiveTestingBase,ReactiveBlocking,ReactiveTesting,RxSwift,RxRelay"

# Options for each `swift build` here, from BUILD_OPTIONS (split at spaces): .ci/run passes its
# own, so that nothing it built is built again with other options.
read -ra build_options <<<"${BUILD_OPTIONS:-}"
for product in "${products[@]}"; do swift build ${build_options[@]+"${build_options[@]}"} --target "$product" >/dev/null; done
bin_path="$(swift build ${build_options[@]+"${build_options[@]}"} --show-bin-path)"
triple="$(swiftc -print-target-info | sed -n 's/.*"triple": *"\([^"]*\)".*/\1/p' | head -n 1)"
sdk=()
if command -v xcrun >/dev/null 2>&1; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi

graphs="$(mktemp -d "${TMPDIR:-/tmp}/rx-names.XXXXXX")"
trap 'rm -rf "$graphs"' EXIT
for product in "${products[@]}"; do
  mkdir -p "$graphs/$product"
  swift-symbolgraph-extract -module-name "$product" -I "$bin_path/Modules" -target "$triple" \
    "${sdk[@]}" -minimum-access-level public -skip-synthesized-members \
    -experimental-allowed-reexported-modules="$reexportable" -output-dir "$graphs/$product"
done
# Compiled once, as a script run by the interpreter takes as long on every run.
swiftc -O -o "$graphs/check-rx-names" Scripts/check-rx-names.swift
"$graphs/check-rx-names" Tests/APIBaselines/RxSwift-6.10-names.txt \
  Tests/APIBaselines/RxSwift-allowed-additions.txt "$graphs"
