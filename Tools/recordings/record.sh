#!/usr/bin/env bash
# Records every bundle of Tests/GalleryCoreTests/Recordings again with this build, after a
# change that alters a decision on purpose, and says what it changed: first the old
# recording's rerun on this build (where it parts), then the new recording's (the same).
#   Tools/recordings/record.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product gallery-rpc >/dev/null
bin=.build/debug/gallery-rpc
for script in Tools/recordings/*.py; do
  name=$(basename "$script" .py | tr _ -)
  out=Tests/GalleryCoreTests/Recordings/$name.bundle.jsonl
  if [ -f "$out" ]; then
    echo "== $out, as recorded before, on this build:"
    "$bin" rerun "$out" || true
  fi
  python3 "$script" "$bin" "$out"
  echo "== $out, recorded again:"
  "$bin" rerun "$out"
done
git diff --stat -- Tests/GalleryCoreTests/Recordings
