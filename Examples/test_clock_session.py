#!/usr/bin/env python3
"""A deterministic frontend test in plain Python, over gallery-rpc's test clock.

Starts `gallery-rpc serve --test-clock --seed 42` on a fresh data directory, signs in with
the demo account, types a search, moves the clock 299 ms (no search yet) and 1 ms (the
debounce fires), waits for the work to settle, and checks the state; then signs in to the
account (a random OAuth state) and plays a random video. Time moves only when the test says
and every random choice is the seed's, so every run writes the same log, byte for byte:

    python3 Examples/test_clock_session.py .build/debug/gallery-rpc --log-copy run1.jsonl
    python3 Examples/test_clock_session.py .build/debug/gallery-rpc --log-copy run2.jsonl
    cmp run1.jsonl run2.jsonl
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile


class Session:
    """A gallery-rpc child spoken to in newline-delimited JSON-RPC."""

    def __init__(self, binary, data_dir):
        env = dict(os.environ, LC_ALL="C", LANG="C")
        self.proc = subprocess.Popen(
            [binary, "serve", "--test-clock", "--seed", "42", "--data-dir", data_dir, "--durability", "fsync",
             "--framing", "ndjson", "--log-level", "error"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self.next_id = 0

    def call(self, method, params=None):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"gallery-rpc closed its output while {method} was pending")
            reply = json.loads(line)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method} failed: {reply['error']}")
                return reply["result"]

    def state(self, pointer):
        return self.call("state/get", {"pointer": pointer})["value"]

    def close(self):
        self.call("shutdown")
        self.proc.stdin.write(b'{"jsonrpc":"2.0","method":"exit"}\n')
        self.proc.stdin.flush()
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


def check(what, actual, expected):
    if actual != expected:
        raise AssertionError(f"{what}: expected {expected!r}, got {actual!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", help="the gallery-rpc executable")
    parser.add_argument("--log-copy", help="copy the session's events.jsonl here")
    args = parser.parse_args()
    data_dir = tempfile.mkdtemp(prefix="gallery-test-clock-")
    try:
        session = Session(args.binary, data_dir)
        init = session.call("initialize", {"clientInfo": {"name": "test_clock_session.py"}})
        check("test clock on", init["capabilities"]["testClock"], True)
        check("random choices fixed", init["capabilities"]["seeded"], True)
        session.call("auth/setEmail", {"value": "test@mail.com"})
        session.call("auth/setPassword", {"value": "123456"})
        session.call("auth/submitLogin")
        check("settled after sign-in", session.call("test/settle")["settled"], True)
        check("signed in", session.state("/session/status"), "signedIn")

        session.call("feed/setQuery", {"text": "cat"})
        moved = session.call("test/advanceClock", {"milliseconds": 299})
        check("clock", moved["time"], "2000-01-01T00:00:00.299Z")
        check("no search after 299 ms", session.state("/feed/activeQuery"), "")
        fired = session.call("test/advanceClock", {"milliseconds": 1})
        check("settled after the debounce", fired["settled"], True)
        check("the search ran", session.state("/feed/activeQuery"), "cat")
        check("its page is shown", session.state("/feed/status"), "loaded")

        # The random choices that reach the log are the seed's: the OAuth state, the video.
        begun = session.call("account/beginLogin")
        session.call("account/completeLogin", {"redirectURL": begun["demoRedirectURL"]})
        session.call("nav/open", {"screen": "video"})
        session.call("video/playRandom", {"width": 1280, "height": 720})
        check("settled after the pick", session.call("test/settle")["settled"], True)
        check("a video was picked", session.state("/video/status"), "ready")
        check("exit status", session.close(), 0)
        if args.log_copy:
            shutil.copyfile(os.path.join(data_dir, "events.jsonl"), args.log_copy)
        print(f"test clock session: ok ({fired['version']} events)")
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
