#!/usr/bin/env bash
# Line coverage of each library target (JSON, JSONRPC, EventStore, GalleryCore, RPCServer) by the whole test suite:
#   Tools/coverage.sh            runs `swift test --enable-code-coverage`, then prints the table
#   Tools/coverage.sh --no-run   prints the table from the last coverage run
# Counts every line llvm-cov sees in Sources/<module>/ (the executables and test support aside).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--no-run" ]; then
  swift test --enable-code-coverage >/dev/null 2>&1 || { echo "coverage: the tests failed; run swift test"; exit 1; }
fi
bin=$(swift build --show-bin-path)
profile="$bin/codecov/default.profdata"
tests="$bin/gallery-rpcPackageTests.xctest"
[ -f "$profile" ] || { echo "coverage: no profile at $profile"; exit 1; }
# The toolchain's own llvm-cov reads the profile format its compiler writes (a system one may not).
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
cov="$toolchain/llvm-cov"
[ -x "$cov" ] || cov=$(command -v llvm-cov)
# Each binary (the test bundle, and gallery-rpc and gallery-web, which the tests spawn and
# whose runs land in the same profile) is read on its own and a line counts as covered when
# any of them ran it: llvm-cov does not merge one source file's records across binaries.
for object in "$tests" "$bin/gallery-rpc" "$bin/gallery-web"; do
  [ -f "$object" ] && "$cov" export -format=lcov "$object" -instr-profile "$profile" \
    -ignore-filename-regex '(\.build|Tests|Tools)/'
done | awk '
  /^SF:/ { file = substr($0, 4); sub(/.*Sources\//, "", file) }
  /^DA:/ { split(substr($0, 4), f, ","); key = file ":" f[1]; seen[key] = 1; if (f[2] > 0) hit[key] = 1 }
  END {
    for (key in seen) { split(key, parts, "/"); m = parts[1]; lines[m]++; if (!(key in hit)) missed[m]++ }
    printf "%-12s %8s %8s %8s\n", "module", "lines", "missed", "cover"
    n = split("JSON JSONRPC EventStore GalleryCore RPCServer", order, " ")
    for (i = 1; i <= n; i++) { m = order[i]; if (lines[m] > 0)
      printf "%-12s %8d %8d %7.1f%%\n", m, lines[m], missed[m], 100 * (lines[m] - missed[m]) / lines[m] }
  }'
