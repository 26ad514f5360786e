#!/usr/bin/env bash
# Builds the libFuzzer harnesses from the package's own sources and runs each.
#   Fuzz/run.sh [SECONDS]   each harness for SECONDS (default 30), from a random start
#   Fuzz/run.sh --ci RUNS   each harness for RUNS inputs from seed 1: the same inputs every
#                           time, so CI cannot fail at random (.ci/run uses this)
# Crashes and hangs are written to Fuzz/findings/; keep each as a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--ci" ]; then
  budget=(-runs="${2:-20000}" -seed=1)
  # Swift seeds its hashing per process, so dictionary order (and so coverage, and so the
  # fuzzer's path) would differ from run to run without this.
  export SWIFT_DETERMINISTIC_HASHING=1
else
  budget=(-max_total_time="${1:-30}")
fi
out=.build/fuzz
mkdir -p "$out" Fuzz/findings
flags=(-sanitize=fuzzer,address -parse-as-library -O -suppress-warnings)
# The linker warns about ASan's local symbols on every build; a build's output shows only if it fails.
build() {
  local name=$1
  shift
  if ! swiftc "${flags[@]}" "$@" 2>"$out/$name-build.log"; then
    cat "$out/$name-build.log"
    exit 1
  fi
}
# JSON is a module of its own (EventStore and GalleryCore import it).
build json-module -emit-module -emit-library -static -module-name JSON Sources/JSON/*.swift \
  -emit-module-path "$out/JSON.swiftmodule" -o "$out/libJSON.a"
# EventStore's checksum uses the CPU's CRC-32C instruction through our small C target.
"$(dirname "$(command -v swiftc)")/clang" -c -O1 Sources/CCRC32C/crc32c.c -I Sources/CCRC32C/include \
  -o "$out/ccrc32c.o"
build eventline -I "$out" -I Sources/CCRC32C/include -L "$out" -lJSON "$out/ccrc32c.o" Sources/EventStore/*.swift \
  Fuzz/EventLineFuzz.swift -o "$out/eventline"
build frames Sources/JSONRPC/Framing/*.swift Fuzz/FrameDecoderFuzz.swift -o "$out/frames"
# GalleryCore needs EventStore as a module; the harness joins GalleryCore to reach its decoders.
build eventstore-module -emit-module -emit-library -static -module-name EventStore -I "$out" -I Sources/CCRC32C/include \
  Sources/EventStore/*.swift -emit-module-path "$out/EventStore.swiftmodule" -o "$out/libEventStore.a"
# Guarded (a value under a lock with a condition) is a module of its own too (GalleryCore imports it).
build guarded-module -emit-module -emit-library -static -module-name Guarded Sources/Guarded/*.swift \
  -emit-module-path "$out/Guarded.swiftmodule" -o "$out/libGuarded.a"
# GalleryCore's HTTP client loads libcurl through our small C target.
"$(dirname "$(command -v swiftc)")/clang" -c -O1 Sources/CCurl/ccurl.c -I Sources/CCurl/include -o "$out/ccurl.o"
build providers -module-name GalleryCore -I "$out" -I Sources/CCurl/include -I Sources/CCRC32C/include -L "$out" \
  -lEventStore -lJSON -lGuarded "$out/ccurl.o" "$out/ccrc32c.o" -ldl $(find Sources/GalleryCore -name '*.swift' | sort) Fuzz/ProviderFuzz.swift -o "$out/providers"
status=0
for target in eventline frames providers; do
  mkdir -p "$out/corpus-$target"
  echo "== $target (${budget[*]})"
  if ! "$out/$target" "$out/corpus-$target" Fuzz/seeds/$target "${budget[@]}" -timeout=5 -rss_limit_mb=2048 \
    -artifact_prefix="Fuzz/findings/$target-" 2>"$out/$target.log"; then
    status=1
    tail -20 "$out/$target.log"
  fi
  grep -E "^(#[0-9]+.*DONE|Done [0-9]+ runs)" "$out/$target.log" | tail -1 || tail -2 "$out/$target.log"
done
exit $status
