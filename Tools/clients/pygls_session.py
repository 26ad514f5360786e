"""A session with gallery-rpc driven by pygls 2.x, the most used Python JSON-RPC library, as a
Python frontend would: pygls sends `"params": null` on every call without parameters (and on
shutdown), which the server must treat as no params. Content-Length framing (what pygls
speaks), then the same calls over newline-delimited JSON with the standard library, then the
pygls session again, unchanged, through `gallery-rpc attach --drive` to a live core that
another process owns (its keystroke reaches the owner's state).

    python Tools/clients/pygls_session.py .build/debug/gallery-rpc
"""

import asyncio
import json
import subprocess
import sys
import tempfile

from pygls.client import JsonRPCClient


def fields(value):
    """pygls hands results back as attribute objects; read them as plain data."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if hasattr(value, "_asdict"):
        return {k: fields(v) for k, v in value._asdict().items()}
    if isinstance(value, (list, tuple)):
        return [fields(v) for v in value]
    if isinstance(value, dict):
        return {k: fields(v) for k, v in value.items()}
    return {k: fields(v) for k, v in vars(value).items()}


async def lsp_session(binary, *command):
    client = JsonRPCClient()
    changes = []
    client.feature("state/changed")(lambda params: changes.append(params))
    await client.start_io(binary, *command)
    rpc = client.protocol
    init = fields(await asyncio.wait_for(rpc.send_request_async("initialize", None), 30))
    assert init["serverInfo"]["name"] == "gallery-rpc", init
    rpc.notify("initialized", None)
    state = fields(await asyncio.wait_for(rpc.send_request_async("state/get", None), 30))
    assert state["value"]["session"]["status"] == "signedOut", state
    discover = fields(await asyncio.wait_for(rpc.send_request_async("rpc.discover", None), 30))
    assert discover["openrpc"].startswith("1."), discover
    typed = fields(
        await asyncio.wait_for(rpc.send_request_async("auth/setEmail", {"value": "test@mail.com"}), 30))
    assert typed["version"] >= 2, typed
    rpc.notify("nav/back", None)  # a notification with null params draws no error reply
    done = await asyncio.wait_for(rpc.send_request_async("shutdown", None), 30)
    assert done is None, done
    rpc.notify("exit", None)
    await asyncio.sleep(0)
    await client.stop()
    assert changes, "state/changed notifications arrived"
    print(f"pygls (Content-Length): initialize, state/get, rpc.discover, auth/setEmail, shutdown with null params: ok")


def ndjson_session(binary, data_dir):
    calls = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": None},
        {"jsonrpc": "2.0", "method": "initialized", "params": None},
        {"jsonrpc": "2.0", "id": 2, "method": "state/get", "params": None},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown", "params": None},
        {"jsonrpc": "2.0", "method": "exit", "params": None},
    ]
    text = "".join(json.dumps(c) + "\n" for c in calls)
    out = subprocess.run(
        [binary, "serve", "--data-dir", data_dir, "--durability", "none"],
        input=text.encode(), capture_output=True, timeout=60)
    answers = {m["id"]: m for m in map(json.loads, out.stdout.decode().splitlines()) if "id" in m}
    assert out.returncode == 0, out.stderr
    assert "result" in answers[1] and "result" in answers[2] and answers[3].get("result", 0) is None, answers
    print("stdlib (newline-delimited): the same calls with null params: ok")


def attached_session(binary, data_dir):
    """The owner serves the directory; pygls attaches through `gallery-rpc attach --drive`."""
    owner = subprocess.Popen(
        [binary, "serve", "--data-dir", data_dir, "--durability", "none", "--admit", "drive"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def call(request_id, method, params=None):
        owner.stdin.write((json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}) + "\n").encode())
        owner.stdin.flush()
        while True:
            message = json.loads(owner.stdout.readline())
            if message.get("id") == request_id:
                return message["result"]

    call(1, "initialize")
    asyncio.run(lsp_session(binary, "attach", "--data-dir", data_dir, "--drive"))
    email = call(2, "state/get", {"pointer": "/login/email/value"})["value"]
    assert email == "test@mail.com", f"the attached client's keystroke is not the owner's: {email!r}"
    call(3, "shutdown")
    owner.stdin.write(b'{"jsonrpc":"2.0","method":"exit"}\n')
    owner.stdin.close()
    assert owner.wait(timeout=60) == 0
    print("pygls through gallery-rpc attach --drive: the same session on the owner's live core: ok")


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as data_dir:
        asyncio.run(lsp_session(binary, "serve", "--data-dir", data_dir, "--durability", "none"))
    with tempfile.TemporaryDirectory() as data_dir:
        ndjson_session(binary, data_dir)
    with tempfile.TemporaryDirectory() as data_dir:
        attached_session(binary, data_dir)


if __name__ == "__main__":
    main()
