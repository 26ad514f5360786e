#!/usr/bin/env python3
"""A hostile stand-in for gallery-rpc, for the typed clients' tests: it answers the start
(`initialize`, `state/get`) as the real server does, then misbehaves as HOSTILE_MODE says
when the client sends `ping`-like requests. Standard library only; started by the clients in
place of the binary (`serve --framing ndjson` is accepted and ignored).

Modes (HOSTILE_MODE):
  junk        before answering a request: lines `null`, `[]`, `42`, `"x"`, `{"id":`, `{}`,
              `{"id":null}`, an answer to no request, a `state/changed` with no params
  noversion   `state/changed` without a version, with a string version, with fromVersion
              missing; then a good change (version 2)
  proto       a patch at `/__proto__/polluted`, at `/constructor/prototype/polluted`, and an
              environment named `__proto__` added as a member (state/get then agrees)
  deep        a message nested 100,000 deep, then the answer
  nosync      a gap that makes the client resync, a `state/get` never answered, then
              200,000 changes of 2 KB; requests after that are never answered
  hugeline    a 100 MB line (no newline until its end) instead of an answer; later requests
              are answered
  deepchange  a `state/changed` to version 2 whose value is nested 100,000 deep (no client
              reads it), then the answer naming version 2; state/get then answers version 2
  dies        exits at the first request, unanswered, reading nothing more (the client's
              next write fails with EPIPE)
"""
import json
import os
import sys

MODE = os.environ.get("HOSTILE_MODE", "junk")
out = sys.stdout.buffer


def send(obj):
    out.write(json.dumps(obj, separators=(",", ":")).encode() + b"\n")
    out.flush()


def raw(line):
    out.write(line + b"\n")
    out.flush()


state = {"settings": {"environments": {}}, "session": {"status": "signedOut"}}
version = 1
resynced = False


def answer(ident, result):
    send({"jsonrpc": "2.0", "id": ident, "result": result})


def changed(frm, to, patch):
    send({"jsonrpc": "2.0", "method": "state/changed", "params": {"fromVersion": frm, "version": to, "patch": patch}})


for line in sys.stdin.buffer:
    try:
        message = json.loads(line)
    except ValueError:
        continue
    method, ident = message.get("method"), message.get("id")
    if method == "initialize":
        answer(ident, {"serverInfo": {"name": "hostile", "version": "0"}, "capabilities": {}, "protocolVersion": "1.0"})
    elif method in ("initialized", "exit"):
        if method == "exit":
            break
    elif method == "state/get":
        if MODE == "nosync" and resynced:
            continue  # the resync is never answered
        answer(ident, {"version": version, "value": state})
    elif method == "shutdown":
        answer(ident, None)
    elif ident is not None:
        if MODE == "dies":
            os._exit(0)
        if MODE == "junk":
            for junk in [b"null", b"[]", b"42", b'"x"', b'{"id":', b"{}", b'{"id":null}',
                         b'{"jsonrpc":"2.0","id":999999,"result":{}}', b'{"jsonrpc":"2.0","method":"state/changed"}',
                         b'{"jsonrpc":"2.0","method":"state/changed","params":null}']:
                raw(junk)
            answer(ident, {"ok": True})
        elif MODE == "noversion":
            send({"jsonrpc": "2.0", "method": "state/changed", "params": {"fromVersion": 1, "patch": []}})
            changed(1, "3", [])
            send({"jsonrpc": "2.0", "method": "state/changed", "params": {"version": 4, "patch": []}})
            version = 2
            state["session"]["status"] = "signedIn"
            changed(1, 2, [{"op": "replace", "path": "/session/status", "value": "signedIn"}])
            answer(ident, {"version": 2})
        elif MODE == "proto":
            version = 2
            changed(1, 2, [{"op": "add", "path": "/__proto__/polluted", "value": True}])
            version = 3
            changed(2, 3, [{"op": "add", "path": "/constructor/prototype/polluted", "value": True}])
            version = 4
            state["settings"]["environments"]["__proto__"] = {"feed": "http://127.0.0.1:1"}
            changed(3, 4, [{"op": "add", "path": "/settings/environments/__proto__", "value": {"feed": "http://127.0.0.1:1"}}])
            answer(ident, {"version": 4})
        elif MODE == "deep":
            raw(b"[" * 100000 + b"]" * 100000)
            raw(b'{"jsonrpc":"2.0","method":"state/changed","params":' + b"[" * 100000 + b"]" * 100000 + b"}")
            answer(ident, {"ok": True})
        elif MODE == "deepchange":
            if version == 1:
                deep = b"[" * 100000 + b"]" * 100000
                raw(b'{"jsonrpc":"2.0","method":"state/changed","params":{"fromVersion":1,"version":2,"patch":'
                    b'[{"op":"replace","path":"/session/status","value":' + deep + b"}]}}")
                version = 2
                state["session"]["status"] = "signedIn"
            answer(ident, {"version": version})
        elif MODE == "nosync":
            if not resynced:
                resynced = True
                changed(5, 6, [])  # a gap: the client asks for the whole state
                blob = "y" * 2000
                for n in range(7, 200007):
                    changed(n - 1, n, [{"op": "replace", "path": "/session/status", "value": blob}])
            # never answered
        elif MODE == "hugeline":
            if not resynced:
                resynced = True
                chunk = b"z" * (1 << 20)
                out.write(b'{"jsonrpc":"2.0","id":' + str(ident).encode() + b',"result":"')
                for _ in range(100):
                    out.write(chunk)
                out.write(b'"}\n')
                out.flush()
            else:
                answer(ident, {"ok": True})
