#!/usr/bin/env bash
# Builds the libFuzzer harnesses from the package's own sources and runs each for a while.
#   Fuzz/run.sh [SECONDS]   (default 30 per harness)
# Crashes and hangs are written to Fuzz/findings/; keep each as a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
out=.build/fuzz
mkdir -p "$out" Fuzz/findings
flags=(-sanitize=fuzzer,address -parse-as-library -O -suppress-warnings)
swiftc "${flags[@]}" Sources/EventStore/*.swift Fuzz/EventLineFuzz.swift -o "$out/eventline"
swiftc "${flags[@]}" Sources/RPCServer/Framing/*.swift Fuzz/FrameDecoderFuzz.swift -o "$out/frames"
status=0
for target in eventline frames; do
  mkdir -p "$out/corpus-$target"
  echo "== $target ($seconds s)"
  if ! "$out/$target" "$out/corpus-$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
    -artifact_prefix="Fuzz/findings/$target-" 2>"$out/$target.log"; then
    status=1
    tail -20 "$out/$target.log"
  fi
  grep -E "^(#[0-9]+.*DONE|Done [0-9]+ runs)" "$out/$target.log" | tail -1 || tail -2 "$out/$target.log"
done
exit $status
