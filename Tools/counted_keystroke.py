#!/usr/bin/env python3
"""Counts the instructions of one keystroke of `gallery-rpc serve` (BENCHMARKS.md).

Runs the binary under callgrind twice, each time with a lock-step client that sends
`initialize` and then N `auth/setEmail` (waiting for each answer), and prints
(instructions with N = 2,000 − with N = 200) / 1,800, so start-up cancels out.

  python3 Tools/counted_keystroke.py BINARY          # a release build, debug info stripped
"""
import json
import os
import subprocess
import sys
import tempfile


def count(binary: str, n: int) -> int:
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as out:
        trace = os.path.join(out, "callgrind.out")
        child = subprocess.Popen(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={trace}", binary,
             "--data-dir", data, "--durability", "none", "--log-level", "error"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env={"SWIFT_DETERMINISTIC_HASHING": "1", "PATH": os.environ.get("PATH", "/usr/bin:/bin")})
        assert child.stdin is not None and child.stdout is not None

        def call(ident: int, method: str, params: dict) -> None:
            line = {"jsonrpc": "2.0", "id": ident, "method": method, "params": params}
            child.stdin.write((json.dumps(line) + "\n").encode())
            child.stdin.flush()
            while json.loads(child.stdout.readline()).get("id") != ident:
                pass

        call(0, "initialize", {})
        for i in range(1, n + 1):
            call(i, "auth/setEmail", {"value": f"user{i % 10}@mail.com"})
        child.stdin.close()
        child.wait()
        for line in open(trace):
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    raise RuntimeError("callgrind wrote no summary")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    if subprocess.run(["which", "valgrind"], capture_output=True).returncode != 0:
        sys.exit("valgrind is not installed (apt-get install valgrind): nothing was counted")
    small, large = count(sys.argv[1], 200), count(sys.argv[1], 2000)
    print(f"N = 200: {small:,}  N = 2,000: {large:,}  per keystroke: {(large - small) / 1800:,.0f}")
