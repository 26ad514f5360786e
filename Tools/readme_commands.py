#!/usr/bin/env python3
"""Runs the README's shell commands, taken from the README itself, in a fresh clone.

Every ```sh block runs in order, in a clone of the repository made for this run, with
`bash -euo pipefail`: a command that fails fails the run, naming the block's line. Each block
may say before its fence why it is not run (`<!-- readme-commands: skip: REASON -->`: a
server that runs until stopped, a user's own log); within a block, the system set-up lines
(`apt-get`, root's package manager) and `swift test` (the command CI runs first, on its own
clean clone) are left to CI's other steps, and the run prints each line it leaves and why.
Paths under /tmp/ are taken under the run's own temporary directory, so a developer's
/tmp/gallery-demo is never touched. Both are removed at the end.

  python3 Tools/readme_commands.py            # from the repository's root
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP_MARK = re.compile(r"<!--\s*readme-commands:\s*skip:\s*(.*?)\s*-->")
LEFT_TO_CI = [
    (re.compile(r"^\s*apt-get\b"), "system packages: .ci/run installs them in its own steps"),
    (re.compile(r"^\s*swift test\s*$"), "CI's first step runs it on a clean clone"),
]
BLOCK_TIMEOUT = 1200  # seconds: the first block builds the package from nothing


def blocks(readme: str):
    """(line, commands, skip reason or None) for each ```sh block, in order."""
    lines = readme.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```sh":
            start = i + 1
            end = start
            while lines[end].strip() != "```":
                end += 1
            before = lines[i - 1] if i > 0 else ""
            mark = SKIP_MARK.search(before)
            yield start, lines[start:end], (mark.group(1) if mark else None)
            i = end
        i += 1


def main() -> int:
    root = os.getcwd()
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    scratch = tempfile.mkdtemp(prefix="readme-commands.")
    try:
        clone = os.path.join(scratch, "clone")
        subprocess.run(["git", "clone", "-q", root, clone], check=True)
        tmp = os.path.join(scratch, "tmp")
        os.mkdir(tmp)
        ran = 0
        for line, commands, skip in blocks(readme):
            if skip:
                print(f"readme: line {line}: not run: {skip}")
                continue
            script = []
            for command in commands:
                reason = next((why for pattern, why in LEFT_TO_CI if pattern.search(command)), None)
                if reason:
                    print(f"readme: line {line}: left to CI: {command.strip()} ({reason})")
                    continue
                script.append(command.replace("/tmp/", tmp + "/"))
            print(f"readme: line {line}: running", flush=True)
            result = subprocess.run(
                ["bash", "-euo", "pipefail", "-c", "\n".join(script)], cwd=clone,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=BLOCK_TIMEOUT)
            if result.returncode != 0:
                output = result.stdout.decode(errors="replace")
                print(output[-4000:])
                print(f"readme: the block at README.md line {line} failed (status {result.returncode})")
                return 1
            ran += 1
        print(f"readme: {ran} blocks ran as written in a fresh clone")
        return 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
