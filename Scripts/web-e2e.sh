#!/usr/bin/env bash
# End-to-end test of friends-web in a real browser: headless Chromium, driven over its
# DevTools protocol by Scripts/web-e2e.py, against the built binary on a fresh data directory.
#
#   Scripts/web-e2e.sh          (builds friends-web and friends first)
#
# Steps: a link opened before the login, a wrong password then the right one, adding a
# friend whose phone number is refused then accepted, a friend that another process adds,
# reload and back, Escape, a second tab, a phone's width. Screenshots of the main pages go to
# .build/web-e2e (kept by CI). Installs Chromium with apt-get when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== web front end to end"
read -ra build_options <<<"${BUILD_OPTIONS:-}"
swift build ${build_options[@]+"${build_options[@]}"} --product friends-web
swift build ${build_options[@]+"${build_options[@]}"} --product friends

if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1 &&
  ! command -v google-chrome >/dev/null 2>&1; then
  echo "Chromium is missing; installing it with apt-get"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }; then
    echo "FAIL: Chromium is needed and could not be installed (try: sudo apt-get install chromium)" >&2
    exit 1
  fi
fi

products="$(swift build ${build_options[@]+"${build_options[@]}"} --show-bin-path)"
python3 Scripts/web-e2e.py "$products/friends-web" "$products/friends" .build/web-e2e
