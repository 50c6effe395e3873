#!/usr/bin/env bash
# Removes the demo's features (Friends, Search, Timeline), their screens and their data, leaving
# an app that logs in, resets a password, shows who is logged in, logs out and lands on an empty
# home, ready for features of its own:
#
#   Scripts/remove-demo.sh            then: swift build && swift test
#
# It deletes the folders and files listed below, then every block of lines between a
# `// demo:begin` and a `// demo:end` comment (the demo's lines in files that stay; in .ci/run,
# `# demo:begin` and `# demo:end`). Both lists are the whole of it, so the same can be done by
# hand. It refuses to run when the tree has uncommitted changes (so `git checkout .` undoes
# it), unless given --force, and changes nothing when run again.
set -euo pipefail
cd "$(dirname "$0")/.."

force=no
case "${1:-}" in
  "") ;;
  --force) force=yes ;;
  -h | --help)
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "usage: Scripts/remove-demo.sh [--force]" >&2
    exit 64
    ;;
esac

# The demo's own folders and files.
demo_paths=(
  # The view models, the command line's commands and the terminal UI's screens.
  Modules/ViewModels/Friends Modules/ViewModels/Search Modules/ViewModels/Timeline
  Apps/CLI/Friends Apps/CLI/Search Apps/CLI/Timeline
  Apps/TUI/Friends Apps/TUI/Search Apps/TUI/Timeline
  # The store's tools that write the demo's friends and posts: the store workloads of the
  # benchmarks and the store-stress executable.
  Apps/Benchmarks/StoreWorkloads.swift Apps/StoreStress
  # The navigator's rules for the demo's scenes (the scenes themselves are marked lines).
  Modules/Navigator/Friends Modules/Navigator/Timeline
  # Their tests.
  Tests/ViewModelsTests/Friends Tests/ViewModelsTests/Search Tests/ViewModelsTests/Timeline
  Tests/NavigatorTests/Demo
  Tests/CLITests/DemoSamples.swift
  Tests/CLITests/FriendsCommandTests.swift
  Tests/CLITests/StreamCommandTests.swift
  Tests/CLITests/EmbeddedStoreCommandTests.swift
  Tests/TUITests/ApplicationTests.swift
  Tests/TUITests/DemoFixtures.swift
  Tests/TUITests/FriendFormScreenTests.swift
  Tests/TUITests/FriendsListScreenTests.swift
  Tests/TUITests/SearchScreenTests.swift
  Tests/TUITests/TimelineScreenTests.swift
  Tests/TUITests/HomeDemoScreenTests.swift
  Tests/FrontsTests/AddFriendParityTests.swift
  Tests/BenchmarksTests/StoreWorkloadsTests.swift
  Tests/LocalBackendTests/Support/MultiProcessTests.swift
  # The demo's data: its values, its services and their fakes, its routes in the API, the
  # remote backend's calls, the server's handlers, the local backend's store calls and the
  # demo data the store is seeded with (the account and its seed stay).
  Modules/Models/Friends Modules/Models/Timeline
  Modules/Services/Friends Modules/Services/Search Modules/Services/Timeline
  Modules/ServicesTesting/Friends Modules/ServicesTesting/Search Modules/ServicesTesting/Timeline
  Modules/AppAPI/Friends Modules/AppAPI/Search Modules/AppAPI/Timeline
  Modules/RemoteBackend/Friends Modules/RemoteBackend/Search Modules/RemoteBackend/Timeline
  Modules/FriendsServer/Friends Modules/FriendsServer/Search Modules/FriendsServer/Timeline
  Modules/LocalBackend/Friends Modules/LocalBackend/Search Modules/LocalBackend/Timeline
  Modules/LocalBackend/Demo
  # Their tests.
  Tests/ModelsTests/Friends Tests/ModelsTests/Timeline
  Tests/ServicesTests/Timeline
  Tests/AppAPITests/Friends Tests/AppAPITests/Timeline
  Tests/RemoteBackendTests/Friends Tests/RemoteBackendTests/Search Tests/RemoteBackendTests/Timeline
  Tests/FriendsServerTests/Friends Tests/FriendsServerTests/Timeline
  Tests/LocalBackendTests/Friends Tests/LocalBackendTests/Search Tests/LocalBackendTests/Timeline
  Tests/LocalBackendTests/Demo
)

if [ "$force" = no ] && git rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
  [ -n "$(git status --porcelain)" ]; then
  echo "error: the tree has uncommitted changes; commit them first (or use --force)" >&2
  exit 1
fi

removed=()
for path in "${demo_paths[@]}"; do
  if [ -e "$path" ]; then
    rm -rf "$path"
    removed+=("$path")
  fi
done

# The demo's lines in the files that stay.
edited=()
while IFS= read -r file; do
  perl -0pi -e 's{^[ \t]*// demo:begin\n.*?^[ \t]*// demo:end\n}{}gms' "$file"
  edited+=("$file")
done < <(grep -rlE --include='*.swift' '^[[:space:]]*// demo:begin' Package.swift Modules Apps Tests \
  2>/dev/null |
  LC_ALL=C sort || true)

# The demo's steps in CI (its end-to-end run of the friends screens, and removing the demo),
# between `# demo:begin` and `# demo:end` lines.
if [ -f .ci/run ] && grep -qE '^[[:space:]]*# demo:begin' .ci/run; then
  perl -0pi -e 's{^[ \t]*# demo:begin\n.*?^[ \t]*# demo:end\n}{}gms' .ci/run
  edited+=(.ci/run)
fi

if [ ${#removed[@]} -eq 0 ] && [ ${#edited[@]} -eq 0 ]; then
  echo "The demo is already removed; nothing to change."
  exit 0
fi
if swift format --version >/dev/null 2>&1; then Scripts/format.sh; fi
echo "Removed ${#removed[@]} demo folders and files:"
printf '  %s\n' "${removed[@]}"
echo "Removed the demo's lines from ${#edited[@]} files:"
printf '  %s\n' "${edited[@]}"
echo "Build and test: swift build && swift test"
