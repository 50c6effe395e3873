#!/usr/bin/env bash
# Builds the documentation of the reactive modules and the app's layers with the toolchain's
# own tools: swift-symbolgraph-extract reads each built module's public API, and docc turns
# it, with the catalogue in Docs/DocC/<Module>.docc, into .build/docs/<Module>.doccarchive.
# Any DocC warning (a broken ``symbol`` link in a doc comment, for example) fails the build.
#
#   Scripts/build-docs.sh             every module
#   Scripts/build-docs.sh Models ...  the modules named
set -euo pipefail
cd "$(dirname "$0")/.."

modules=("$@")
if [[ ${#modules[@]} -eq 0 ]]; then
  modules=(ReactiveCore ReactiveTesting Models Services ViewModels Navigator AppComposition)
fi

# Options for each `swift build` here, from BUILD_OPTIONS (split at spaces): .ci/run passes its
# own, so that nothing it built is built again with other options.
read -ra build_options <<<"${BUILD_OPTIONS:-}"
for module in "${modules[@]}"; do swift build ${build_options[@]+"${build_options[@]}"} --target "$module" >/dev/null; done
bin_path="$(swift build ${build_options[@]+"${build_options[@]}"} --show-bin-path)"
modules_dir="$bin_path/Modules"
# The C modules the Swift ones import (the store's checksum), found by their module maps.
c_modules=()
for map in "$bin_path"/*.build/module.modulemap; do
  [[ -e "$map" ]] && c_modules+=(-I "$(dirname "$map")")
done
triple="$(swiftc -print-target-info | sed -n 's/.*"triple": *"\([^"]*\)".*/\1/p' | head -n 1)"
sdk=()
if command -v xcrun >/dev/null 2>&1; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi

work=".build/docs"
mkdir -p "$work"
for module in "${modules[@]}"; do
  graphs="$work/symbol-graphs/$module"
  rm -rf "$graphs" "$work/$module.doccarchive"
  mkdir -p "$graphs"
  # The testing module's pages include RxTest's and RxBlocking's API, which it re-exports.
  swift-symbolgraph-extract -module-name "$module" -I "$modules_dir" ${c_modules[@]+"${c_modules[@]}"} \
    -target "$triple" "${sdk[@]}" -minimum-access-level public -output-dir "$graphs" \
    -experimental-allowed-reexported-modules=ReactiveCoreBase,ReactiveTestingBase,ReactiveBlocking
  docc convert "Docs/DocC/$module.docc" --additional-symbol-graph-dir "$graphs" \
    --output-path "$work/$module.doccarchive" --fallback-display-name "$module" \
    --fallback-bundle-identifier "template.$module" --warnings-as-errors
  echo "docs: $work/$module.doccarchive"
done
