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
    Store) echo "$system CChecksum CTextScan" ;;
    # C: the processor instructions the store's checksums use, and those its reader finds the
    # ends of strings with.
    CChecksum | CTextScan) echo "-" ;;
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
    # The web front's markup, escaped by construction.
    WebUI) echo "$system" ;;
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

# Features never name each other: no file in one feature's folder (its view models, its
# screens, its commands, its view models' tests) names another feature's types (its scenes,
# view models, outward routes) or the names its scenes and routes add to Scene, Route and
# NavigationRefusal (`.search`). A way out of a feature is an outward route that the app's
# list links to another feature's scene, so removing a feature breaks no other. Login,
# Session, Home and Support are every app's, not features.
features=()
for dir in Modules/ViewModels/*/; do
  name=$(basename "$dir")
  case "$name" in Support | Login | Session | Home) ;; *) features+=("$name") ;; esac
done
# The names feature $1 declares, as `type NAME` and `member NAME` lines.
declared_names() {
  local files
  files=$(find "Modules/ViewModels/$1" -name '*.swift')
  [ -n "$files" ] || return 0
  # shellcheck disable=SC2086
  sed -nE 's/^(public |@MainActor public |@MainActor )?(final )?(struct|enum|class|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*).*/type \4/p' $files
  # shellcheck disable=SC2086
  awk '/^extension (Scene|Route|NavigationRefusal)[ {]/ { inside = 1; next }
    /^}/ { inside = 0 }
    inside && match($0, /static (var|func) [A-Za-z_][A-Za-z0-9_]*/) {
      split(substr($0, RSTART, RLENGTH), words, " "); print "member " words[3]
    }' $files
}
for feature in "${features[@]}"; do
  folders=()
  for folder in "Modules/ViewModels/$feature" "Apps/TUI/$feature" "Apps/CLI/$feature" "Apps/Web/$feature" \
    "Tests/ViewModelsTests/$feature"; do
    [ -d "$folder" ] && folders+=("$folder")
  done
  for other in "${features[@]}"; do
    [ "$other" = "$feature" ] && continue
    while read -r kind name; do
      if [ "$kind" = type ]; then
        pattern="\\b$name\\b"
      else
        # An implicit member (`.show(.search)`), not a property of a value (`results.search`).
        pattern="(^|[^A-Za-z0-9_)?!.\\])\\.$name\\b"
      fi
      while IFS= read -r line; do
        echo "error: ${line%%:*}:$(cut -d: -f2 <<<"$line"): the $feature feature names $name" \
          "of the $other feature; leave the feature with an outward route and link it where" \
          "the app is composed"
        status=1
      done < <(grep -rnE --include='*.swift' "$pattern" "${folders[@]}" \
        | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
    done < <(declared_names "$other" | sort -u)
  done
done

if [ $status -eq 0 ]; then
  echo "architecture: every module imports only the layers it may, and no feature names another"
fi
exit $status
