#!/usr/bin/env bash
# Builds the command-line front as a release is shipped on Linux, with the Swift libraries
# linked into it (--static-swift-stdlib), and checks that it links, loads no Swift or
# Foundation library at start (nor libcurl, which only FoundationNetworking would bring) and
# runs. That is what lets it start in a few milliseconds; `benchmarks SU-help SU-list`
# measures it. macOS has no static Swift libraries: the check is skipped there.
#
#   Scripts/check-static-build.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" != "Linux" ]; then
  echo "The static build is a Linux build; nothing to check on $(uname -s)."
  exit 0
fi

identity=Modules/AppComposition/Support/AppIdentity.swift
command=$(sed -nE 's/.*static let command = "([^"]+)".*/\1/p' "$identity")
if [ -z "$command" ]; then
  echo "error: cannot read the command's name from $identity" >&2
  exit 1
fi

echo "== $command, release, with the Swift libraries linked in"
swift build -c release --static-swift-stdlib --product "$command" --scratch-path .build/static
binary=.build/static/release/$command

libraries=$(ldd "$binary" || true)
if grep -Eq 'libswiftCore|libFoundation|libdispatch|libcurl' <<<"$libraries"; then
  echo "error: $binary loads Swift, Foundation or curl libraries at start:" >&2
  echo "$libraries" >&2
  exit 1
fi
"$binary" --help >/dev/null
echo "$binary runs, and loads only the system's C and C++ libraries:"
echo "$libraries"
