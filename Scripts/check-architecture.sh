#!/usr/bin/env bash
# Fails when a module imports a layer it must not. The package's target dependencies already
# stop most mistakes at build time; this also catches imports of system or toolkit modules that
# a layer should never need (a view model importing the terminal toolkit, a model importing
# Foundation's networking), and it documents the layering in one place.
#
#   Scripts/check-architecture.sh          check the tree
set -euo pipefail
cd "$(dirname "$0")/.."

system="Foundation FoundationEssentials Dispatch Synchronization Glibc Musl Darwin"

# module directory -> the modules its sources may import (besides itself)
allowed() {
  case "$1" in
    ReactiveCore) echo "$system" ;;
    ReactiveTesting) echo "$system ReactiveCore XCTest Testing" ;;
    Models) echo "Foundation FoundationEssentials" ;;
    # What the view models see: the service protocols, their errors and snapshots.
    Services) echo "Foundation Models ReactiveCore" ;;
    ServicesTesting) echo "$system Models Services ReactiveCore ReactiveTesting Testing" ;;
    # The backends implement the protocols; neither knows the other.
    LocalBackend) echo "$system Models Services ReactiveCore" ;;
    AppAPI) echo "Foundation Models" ;;
    RemoteBackend) echo "$system FoundationNetworking Models Services AppAPI ReactiveCore" ;;
    # The composition chooses a backend; only the fronts and the server see it.
    AppComposition) echo "Foundation Models Services LocalBackend RemoteBackend ReactiveCore" ;;
    Navigator) echo "Foundation Models ReactiveCore" ;;
    ViewModels) echo "Foundation Models Services Navigator ReactiveCore" ;;
    CommandLineKit | TerminalUI | HTTPServer) echo "$system" ;;
    FriendsServer) echo "$system HTTPServer LocalBackend AppAPI Models" ;;
    *) echo "" ;;
  esac
}

status=0
for dir in Modules/*/; do
  module=$(basename "$dir")
  permitted=$(allowed "$module")
  if [ -z "$permitted" ]; then
    echo "error: $module has no entry in Scripts/check-architecture.sh; add the layers it may import"
    status=1
    continue
  fi
  while IFS= read -r line; do
    file=${line%%:*}
    rest=${line#*:}
    number=${rest%%:*}
    imported=$(sed -E 's/^[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*import[[:space:]]+(class |struct |enum |protocol |func |var |let )?([A-Za-z_][A-Za-z0-9_]*).*/\4/' <<<"${rest#*:}")
    if [[ " $permitted " != *" $imported "* ]]; then
      echo "error: $file:$number: $module must not import $imported (allowed: $permitted)"
      status=1
    fi
  done < <(grep -rnE '^[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*import[[:space:]]' "$dir" --include='*.swift' || true)
done

if [ $status -eq 0 ]; then
  echo "architecture: every module imports only the layers it may"
fi
exit $status
