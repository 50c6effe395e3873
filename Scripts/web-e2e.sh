#!/usr/bin/env bash
# End-to-end test of the web front in a real browser: headless Chromium, driven over its
# DevTools protocol, against the built binary on a fresh data directory.
#
#   Scripts/web-e2e.sh              the demo's stories (Scripts/web-e2e-demo.py)
#   Scripts/web-e2e.sh /ingredients  the story of a records page that new-feature.sh wrote
#                                    (Scripts/web_e2e.py)
#
# Builds the web front (and the command line, which the demo's stories write with), installs
# Chromium with apt-get when it is missing, and keeps screenshots in .build/web-e2e.
set -euo pipefail
cd "$(dirname "$0")/.."

path="${1:-}"
echo "== web front end to end${path:+ at $path}"
identity=Modules/AppComposition/Support/AppIdentity.swift
command=$(sed -nE 's/.*static let command = "([^"]+)".*/\1/p' "$identity")
web_command=$(sed -nE 's/.*static let webCommand = "([^"]+)".*/\1/p' "$identity")
read -ra build_options <<<"${BUILD_OPTIONS:-}"
swift build ${build_options[@]+"${build_options[@]}"} --product "$web_command"
[ -n "$path" ] || swift build ${build_options[@]+"${build_options[@]}"} --product "$command"

if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1 &&
  ! command -v google-chrome >/dev/null 2>&1; then
  echo "Chromium is missing; installing it with apt-get"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }; then
    echo "FAIL: Chromium is needed and could not be installed (try: sudo apt-get install chromium)" >&2
    exit 1
  fi
fi

products="$(swift build ${build_options[@]+"${build_options[@]}"} --show-bin-path)"
if [ -n "$path" ]; then
  python3 Scripts/web_e2e.py "$products/$web_command" .build/web-e2e "$path"
else
  python3 Scripts/web-e2e-demo.py "$products/$web_command" "$products/$command" .build/web-e2e
fi
