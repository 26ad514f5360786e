#!/usr/bin/env python3
"""A deterministic frontend test in plain Python, over gallery-rpc's test clock.

Starts `gallery-rpc serve --test-clock --seed 42` on a fresh data directory, signs in with
the demo account, types a search, moves the clock 299 ms (no search yet) and 1 ms (the
debounce fires), waits for the work to settle, and checks the state; prefetches twelve
thumbnails at once, opens one and keeps it; then signs in to the account (a random OAuth
state) and plays a random video. Time moves only when the test says
and every random choice is the seed's, so every run writes the same log, byte for byte:

    export PYTHONPATH=Clients/python    # or: pip install ./Clients/python
    python3 Examples/test_clock_session.py .build/debug/gallery-rpc --log-copy run1.jsonl
    python3 Examples/test_clock_session.py .build/debug/gallery-rpc --log-copy run2.jsonl
    cmp run1.jsonl run2.jsonl

It runs on the Python client (Clients/python): typed requests, the state from its mirror.
"""

import argparse
import os
import shutil
import sys
import tempfile
from typing import Any

from gallery_client import GalleryClient


def check(what: str, actual: Any, expected: Any) -> None:
    if actual != expected:
        raise AssertionError(f"{what}: expected {expected!r}, got {actual!r}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", help="the gallery-rpc executable")
    parser.add_argument("--log-copy", help="copy the session's events.jsonl here")
    args = parser.parse_args()
    data_dir = tempfile.mkdtemp(prefix="gallery-test-clock-")
    try:
        env = dict(os.environ, LC_ALL="C", LANG="C")
        arguments = ["--test-clock", "--seed", "42", "--durability", "fsync", "--log-level", "error"]
        session = GalleryClient(args.binary, arguments, data_dir, env)
        init = session.start(client_name="test_clock_session.py")
        check("test clock on", init["capabilities"]["testClock"], True)
        check("random choices fixed", init["capabilities"]["seeded"], True)
        session.request("auth/setEmail", {"value": "test@mail.com"})
        session.request("auth/setPassword", {"value": "123456"})
        session.request("auth/submitLogin")
        check("settled after sign-in", session.request("test/settle")["settled"], True)
        check("signed in", session.state["session"]["status"], "signedIn")

        session.request("feed/setQuery", {"text": "cat"})
        moved = session.request("test/advanceClock", {"milliseconds": 299})
        check("clock", moved["time"], "2000-01-01T00:00:00.299Z")
        check("no search after 299 ms", session.state["feed"]["activeQuery"], "")
        fired = session.request("test/advanceClock", {"milliseconds": 1})
        check("settled after the debounce", fired["settled"], True)
        check("the search ran", session.state["feed"]["activeQuery"], "cat")
        check("its page is shown", session.state["feed"]["status"], "loaded")

        # Twelve thumbnails asked for at once finish in any order; the log records them in
        # the order they were asked for, so it is the same on every run.
        keys = [item["key"] for item in session.state["feed"]["items"][:12]]
        session.request("images/prefetch", {"keys": keys})
        session.request("feed/openDetail", {"key": keys[3]})
        session.request("favorites/add", {"key": keys[3]})
        check("settled after the prefetch", session.request("test/settle")["settled"], True)
        check("a kept favorite", len(session.state["favorites"]["items"]), 1)

        # The random choices that reach the log are the seed's: the OAuth state, the video.
        begun = session.request("account/beginLogin")
        session.request("account/completeLogin", {"redirectURL": begun["demoRedirectURL"]})
        session.request("nav/open", {"screen": "video"})
        session.request("video/playRandom", {"width": 1280, "height": 720})
        check("settled after the pick", session.request("test/settle")["settled"], True)
        check("a video was picked", session.state["video"]["status"], "ready")
        check("exit status", session.close(), 0)
        if args.log_copy:
            shutil.copyfile(os.path.join(data_dir, "events.jsonl"), args.log_copy)
        print(f"test clock session: ok (state version {session.mirror.version})")
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
