#!/usr/bin/env python3
"""Writes an upgrade fixture with a given gallery-rpc binary: a data directory whose log
crossed a retention cut (it starts with a log.base) and holds snapshots, plus the facts that
build reported about it.

  session.py BINARY OUT_DIR

Phase 1 runs a session over every feature (sign-in, feed, detail, albums, account, video,
favorites where the build has them, settings), then types 10,100 album searches, so a retention cut has at least 10,000 events
to drop. The log's lines except the last 40 are then moved three hours back in time and
resealed (CRC-32C), as if the session had been a long one: no older build has a test clock.
Phase 2 reopens the directory with --retain-hours 1 (the build cuts at open), records 1,100
more actions (at least one snapshot after the cut) and asks the build for its state,
its first retained seq and the state at one seq after the cut. OUT_DIR gets events.jsonl,
snapshots/ and reported.json. Every wait is bounded.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def crc32c(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for b in data:
        crc = TABLE[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def _table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


TABLE = _table()
assert crc32c(b"123456789") == 0xE3069283


def unwrap(result):
    """A state/get result's value (builds have answered {value, version} or {state, ...})."""
    if isinstance(result, dict) and "version" in result:
        for key in ("value", "state"):
            if key in result:
                return result[key]
    return result


class Server:
    """One gallery-rpc serve process spoken to in newline-delimited JSON."""

    def __init__(self, binary, data_dir, *flags):
        self.proc = subprocess.Popen(
            [binary, "--data-dir", data_dir, "--framing", "ndjson", "--durability", "none",
             "--log-level", "error", *flags],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=sys.stderr)
        self.next_id = 1

    def call(self, method, params=None, check=True):
        rid = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            message["params"] = params
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit(f"the server closed its output answering {method}")
            reply = json.loads(line)
            if reply.get("id") == rid:
                if "error" in reply and check:
                    print(f"  {method}: {reply['error'].get('message')}", file=sys.stderr)
                return reply.get("result")

    def wait_for(self, pointer, predicate, what, seconds=20):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            value = self.call("state/get", {"pointer": pointer}, check=False)
            value = unwrap(value)
            if predicate(value):
                return value
            time.sleep(0.05)
        print(f"  gave up waiting for {what} ({pointer})", file=sys.stderr)
        return None

    def close(self):
        try:
            self.call("shutdown")
            self.proc.stdin.write(b'{"jsonrpc":"2.0","method":"exit"}\n')
            self.proc.stdin.close()
        except (BrokenPipeError, SystemExit):
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def rich_session(s):
    s.call("initialize", {"clientInfo": {"name": "upgrade-fixtures"}})
    s.call("auth/setEmail", {"value": "test@mail.com"})
    s.call("auth/setPassword", {"value": "123456"})
    s.call("auth/submitLogin")
    s.wait_for("/session/status", lambda v: v == "signedIn", "sign-in")
    s.call("feed/refresh")
    s.wait_for("/feed/items", lambda v: isinstance(v, list) and len(v) > 0, "the feed")
    items = s.call("state/get", {"pointer": "/feed/items"}, check=False) or []
    items = unwrap(items)
    if items:
        s.call("feed/openDetail", {"key": items[0].get("key", "")})
        s.call("detail/close")
    s.call("albums/load")
    s.wait_for("/albums/status", lambda v: v not in ("loading", None), "albums")
    s.call("albums/setSearch", {"text": "qui"})
    s.call("video/playRandom")
    begin = s.call("account/beginLogin") or {}
    if begin.get("demoRedirectURL"):
        s.call("account/completeLogin", {"redirectURL": begin["demoRedirectURL"]})
        s.call("account/loadImages")
    if items:
        # Builds since 33007d7 keep favorites: keep the first photo and leave it open.
        key = items[0].get("key", "")
        s.call("favorites/add", {"key": key}, check=False)
        s.call("nav/open", {"screen": "favorites"}, check=False)
        s.call("favorites/open", {"key": "favorite:" + key}, check=False)
    s.call("settings/update", {"language": "es"})
    s.call("connectivity/set", {"online": False})
    s.call("connectivity/set", {"online": True})


def move_back(path, keep_last, millis):
    """Moves every line's time but the last `keep_last` back by `millis`, resealing each."""
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    assert lines[-1] == b""
    lines = lines[:-1]
    out = []
    for n, line in enumerate(lines):
        if n < len(lines) - keep_last:
            m = re.match(rb'(\{"seq":\d+,"time":")([^"]+)(".*),"crc":"[0-9a-f]{8}"\}$', line)
            assert m, line[:120]
            t = time.strptime(m.group(2)[:19].decode(), "%Y-%m-%dT%H:%M:%S")
            ms = int(m.group(2)[20:23])
            epoch = (int(__import__("calendar").timegm(t)) * 1000 + ms) - millis
            stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(epoch // 1000)) + ".%03dZ" % (epoch % 1000)
            body = m.group(1) + stamp.encode() + m.group(3)
            line = body + b',"crc":"%08x"}' % crc32c(body)
        out.append(line)
    with open(path, "wb") as f:
        f.write(b"\n".join(out) + b"\n")


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="upgrade-fixture-")
    data = os.path.join(work, "data")
    try:
        s = Server(binary, data, "--retain-hours", "all")
        rich_session(s)
        for n in range(10_100):
            s.call("albums/setSearch", {"text": "q" + str(n % 97)})
        s.call("albums/setSearch", {"text": ""})
        s.close()
        log = os.path.join(data, "events.jsonl")
        move_back(log, keep_last=40, millis=3 * 3600 * 1000)
        s = Server(binary, data, "--retain-hours", "1")
        s.call("initialize", {"clientInfo": {"name": "upgrade-fixtures"}})
        for n in range(1_100):
            s.call("albums/setSearch", {"text": "after" + str(n % 13)})
        s.call("albums/setSearch", {"text": ""})
        s.call("feed/refresh")
        s.wait_for("/feed/status", lambda v: v not in ("loading", None), "the feed again")
        state = s.call("state/get")
        first = s.call("events/read", {"from": 0, "limit": 1}, check=False)
        with open(log, "rb") as f:
            first_line = json.loads(f.readline())
        base_seq = first_line["seq"] if first_line["type"] == "log.base" else 0
        at_seq = base_seq + 500
        at = s.call("history/stateAt", {"seq": at_seq}, check=False)
        s.close()
        with open(log, "rb") as f:
            last_seq = json.loads(f.read().rstrip(b"\n").rsplit(b"\n", 1)[-1])["seq"]
        os.makedirs(out_dir, exist_ok=True)
        shutil.copy(log, os.path.join(out_dir, "events.jsonl"))
        snaps = os.path.join(data, "snapshots")
        if os.path.isdir(snaps):
            shutil.copytree(snaps, os.path.join(out_dir, "snapshots"), dirs_exist_ok=True)
        reported = {
            "baseSeq": base_seq, "lastSeq": last_seq, "state": state,
            "stateAt": {"seq": at_seq, "result": at}, "firstRead": first,
            "snapshots": sorted(os.listdir(snaps)) if os.path.isdir(snaps) else [],
        }
        with open(os.path.join(out_dir, "reported.json"), "w") as f:
            json.dump(reported, f, indent=1, sort_keys=True)
            f.write("\n")
        print(f"{out_dir}: base at seq {base_seq}, last seq {last_seq}, "
              f"{len(reported['snapshots'])} snapshot(s)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
