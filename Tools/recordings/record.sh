#!/usr/bin/env bash
# Records every recording again with this build, after a change that alters a decision on
# purpose, and says what it changed: first each old recording's rerun on this build (where it
# parts from it), then the new one's (the same decisions), then the files' diff.
#   Tools/recordings/record.sh
# The recordings: the bundles of Tests/GalleryCoreTests/Recordings (one script here each) and
# the golden logs (GoldenLogTests' scripted sessions, Tests/GalleryCoreTests/Fixtures/*.jsonl).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product gallery-rpc >/dev/null
bin=.build/debug/gallery-rpc
for golden in Tests/GalleryCoreTests/Fixtures/*.jsonl; do
  echo "== $golden, as recorded before, on this build:"
  "$bin" rerun "$golden" || true
done
GALLERY_RECORD_GOLDEN=1 swift test --filter GoldenLogTests >/dev/null
for script in Tools/recordings/*.py; do
  name=$(basename "$script" .py | tr _ -)
  out=Tests/GalleryCoreTests/Recordings/$name.bundle.jsonl
  if [ -f "$out" ]; then
    echo "== $out, as recorded before, on this build:"
    "$bin" rerun "$out" || true
  fi
  python3 "$script" "$bin" "$out"
done
for recording in Tests/GalleryCoreTests/Fixtures/*.jsonl Tests/GalleryCoreTests/Recordings/*.jsonl; do
  echo "== $recording, recorded again: $("$bin" rerun "$recording")"
done
git diff --stat -- Tests/GalleryCoreTests/Fixtures Tests/GalleryCoreTests/Recordings
