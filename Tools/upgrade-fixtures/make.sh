#!/usr/bin/env bash
# Writes an upgrade fixture from a real build of an earlier commit:
#   Tools/upgrade-fixtures/make.sh COMMIT [OUT]
# builds COMMIT in a throwaway worktree (removed at exit), runs session.py on its
# gallery-rpc (a session over every feature that crosses a retention cut and leaves
# snapshots) and keeps the data directory and what that build reported under
# OUT (default Tests/GalleryCoreTests/Fixtures/upgrade/COMMIT). Every change to the persisted
# state adds a fixture written by the build before it (protocol/event-log.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=$(git rev-parse --short=7 "${1:?usage: make.sh COMMIT [OUT]}")
out=${2:-Tests/GalleryCoreTests/Fixtures/upgrade/$commit}
work=$(mktemp -d)
cleanup() {
  git worktree remove --force "$work/tree" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
git worktree add --detach "$work/tree" "$commit" >/dev/null
(cd "$work/tree" && swift build --product gallery-rpc >"$work/build.log" 2>&1) || {
  tail -20 "$work/build.log"
  exit 1
}
rm -rf "$out"
python3 Tools/upgrade-fixtures/session.py "$work/tree/.build/debug/gallery-rpc" "$out"
