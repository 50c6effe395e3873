#!/usr/bin/env bash
# Checks the public API of the reactive modules against the baselines committed in
# Tests/APIBaselines/<Module>.json, with the toolchain's swift-api-digester. A change that removes or
# changes public API (a removed declaration, a changed type or signature, a new protocol
# requirement without a default) fails; additions pass.
#
#   Scripts/check-api.sh            check (builds the modules first)
#   Scripts/check-api.sh --update   write the current API as the new baselines
#
# A change that breaks the API on purpose updates the baselines in the same commit
# (run with --update and commit Tests/APIBaselines). The baselines are written on Linux.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(ReactiveCoreBase ReactiveCore ReactiveTestingBase ReactiveBlocking ReactiveTesting)
update=false
case "${1:-}" in
  --update) update=true ;;
  "") ;;
  *) echo "usage: Scripts/check-api.sh [--update]" >&2; exit 64 ;;
esac

# Options for each `swift build` here, from BUILD_OPTIONS (split at spaces): .ci/run passes its
# own, so that nothing it built is built again with other options.
read -ra build_options <<<"${BUILD_OPTIONS:-}"
swift build ${build_options[@]+"${build_options[@]}"} --target ReactiveTesting >/dev/null
modules_dir="$(swift build ${build_options[@]+"${build_options[@]}"} --show-bin-path)/Modules"
sdk=()
if command -v xcrun >/dev/null 2>&1; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi

mkdir -p Tests/APIBaselines
failed=0
for module in "${modules[@]}"; do
  baseline="Tests/APIBaselines/$module.json"
  if $update; then
    swift-api-digester -dump-sdk -module "$module" -I "$modules_dir" "${sdk[@]}" \
      -avoid-location -avoid-tool-args -abort-on-module-fail -o "$baseline"
    echo "api: wrote $baseline"
    continue
  fi
  if [[ ! -f "$baseline" ]]; then
    echo "api: $baseline is missing; run Scripts/check-api.sh --update" >&2
    failed=1
    continue
  fi
  # The report lists breaking changes under "/* … */" section titles; any other line is one.
  report="$(swift-api-digester -diagnose-sdk -baseline-path "$baseline" -module "$module" \
    -I "$modules_dir" "${sdk[@]}" -abort-on-module-fail 2>&1)"
  changes="$(grep -v -e '^/\*' -e '^[[:space:]]*$' <<<"$report" || true)"
  if [[ -n "$changes" ]]; then
    echo "api: $module removes or changes public API:" >&2
    echo "$changes" >&2
    failed=1
  fi
done
if ! $update; then
  if [[ $failed -ne 0 ]]; then
    echo "api: if the change is meant, run Scripts/check-api.sh --update and commit Tests/APIBaselines" >&2
    exit 1
  fi
  echo "api: the public API of ${modules[*]} keeps everything in the baselines"
fi
