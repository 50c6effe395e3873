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
    # RxSwift's API; the core re-exports it and adds to it.
    ReactiveCoreBase) echo "$system" ;;
    ReactiveCore) echo "$system ReactiveCoreBase" ;;
    # RxTest's and RxBlocking's API; the testing module re-exports both and adds to them.
    ReactiveTestingBase) echo "$system ReactiveCoreBase XCTest" ;;
    ReactiveBlocking) echo "$system ReactiveCoreBase" ;;
    ReactiveTesting) echo "$system ReactiveCore ReactiveTestingBase ReactiveBlocking XCTest Testing" ;;
    Models) echo "Foundation FoundationEssentials" ;;
    Store) echo "$system CChecksum" ;;
    # C: the processor instructions the store's checksums use.
    CChecksum) echo "-" ;;
    # What the view models see: the service protocols, their errors and snapshots.
    Services) echo "Foundation Models ReactiveCore" ;;
    ServicesTesting) echo "$system Models Services ReactiveCore ReactiveTesting Testing" ;;
    # The backends implement the protocols; neither knows the other.
    LocalBackend) echo "$system Models Services Store ReactiveCore Cryptography Authentication" ;;
    AppAPI) echo "Foundation Models" ;;
    RemoteBackend) echo "$system FoundationNetworking Models Services AppAPI ReactiveCore" ;;
    # The composition chooses a backend; only the fronts and the server see it.
    AppComposition) echo "Foundation Models Services LocalBackend RemoteBackend ReactiveCore" ;;
    Navigator) echo "Foundation ReactiveCore" ;;
    ViewModels) echo "Foundation Models Services Navigator ReactiveCore" ;;
    TerminalText | HTTPServer) echo "$system" ;;
    # The system's libpq, and the client over it.
    CLibPQ) echo "-" ;;
    PostgresClient) echo "$system CLibPQ" ;;
    # The system's SQLite, for the benchmarks alone.
    CSQLite) echo "-" ;;
    # The records, accounts and sessions in PostgreSQL: the embedded backend's protocols over
    # the client.
    PostgresBackend) echo "$system PostgresClient LocalBackend Authentication Models Cryptography" ;;
    # The fronts' toolkits share how text is measured and escaped.
    CommandLineKit | TerminalUI) echo "$system TerminalText" ;;
    Cryptography) echo "Foundation FoundationEssentials CSHA256" ;;
    # C: the processor instructions the password hash uses.
    CSHA256) echo "-" ;;
    Authentication) echo "$system Cryptography" ;;
    TerminalUITesting) echo "$system TerminalUI" ;;
    # The server over any storage; PostgresBackend only with the Postgres trait.
    AppServer) echo "$system HTTPServer LocalBackend AppAPI Models Authentication Cryptography PostgresBackend PostgresClient" ;;
    # RxSwift's module names for packages that move from RxSwift: they re-export, and RxCocoa
    # adds its URLSession extensions.
    Compatibility) echo "$system FoundationNetworking ReactiveCoreBase ReactiveTestingBase ReactiveBlocking RxRelay" ;;
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

# The store calls the operating system from one platform file only.
while IFS= read -r file; do
  if [ "$file" != "Modules/Store/POSIXFile.swift" ]; then
    echo "error: $file: only Modules/Store/POSIXFile.swift may import Glibc, Musl or Darwin"
    status=1
  fi
done < <(grep -rlE '^[[:space:]]*import[[:space:]]+(Glibc|Musl|Darwin)$' Modules/Store --include='*.swift' || true)

# The template's own code imports the core by its name; RxSwift's module names are for
# packages that move from RxSwift, and for the tests that check them.
rx_modules='RxSwift|RxRelay|RxCocoa|RxTest|RxBlocking'
while IFS= read -r line; do
  echo "error: ${line%%:*}: import ReactiveCore (or ReactiveTesting), not RxSwift's module names"
  status=1
done < <(grep -rnE "^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+($rx_modules)\b" \
  Modules Apps Tests --include='*.swift' \
  | grep -vE '^(Modules/Compatibility|Tests/RxCompatibilityTests)/' || true)

if [ $status -eq 0 ]; then
  echo "architecture: every module imports only the layers it may"
fi
exit $status
