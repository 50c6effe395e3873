#!/usr/bin/env bash
# Prints the path of a working copy of the committed tree (HEAD), for the scripts that try the
# template as a user would (test-rename.sh, test-remove-demo.sh, test-new-feature.sh,
# test-add-field.sh). The copy is a clone in .build/template-copy, reset to HEAD and cleaned
# at each call; only its build folder is kept, so each script after the first one rebuilds
# just the modules its own changes touch. Run those scripts one at a time.
#
#   copy=$(Scripts/template-copy.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
copy="$repo/.build/template-copy"

if [ ! -d "$copy/.git" ]; then
  rm -rf "$copy"
  mkdir -p "$repo/.build"
  git clone -q --no-hardlinks "$repo" "$copy"
fi
# Files the last script did not change keep their dates, so the build sees them unchanged.
git -C "$copy" fetch -q "$repo" HEAD
git -C "$copy" reset -q --hard FETCH_HEAD
git -C "$copy" clean -qfdx -e /.build
echo "$copy"
