"""Drives `gallery-rpc mcp` with the official MCP Python SDK (PyPI `mcp`, pinned in .ci/run).

Two sessions against one binary, each on a scratch data directory under the test clock:
- the newest revision the SDK offers (mode "auto": server/discover, then the per-request
  envelope): lists the tools (one per contract method, named by the mapping rule), signs in
  with the demo account, searches the feed, reads gallery://state and a pointer, listens to
  the state and hears an update after an action, gets isError for a refused action and for a
  bad argument, travels in time with history.stateAt, and closes;
- the handshake era (mode "legacy", initialize): resources/subscribe and the update it brings;
- attached: a core already serves the directory (the owner's `gallery-rpc serve --admit drive`
  on pipes here); `gallery-rpc mcp` attaches to it, reads the live state, hears the owner's
  next action as an update, signs in with auth_signIn, opens a detail waiting for it, and
  sees the photo as image content.

Usage: python Tools/clients/mcp_session.py .build/debug/gallery-rpc
Exits 0 when every check holds; prints what failed otherwise.
"""

import asyncio
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters

ROOT = Path(__file__).resolve().parents[2]
LIFECYCLE = {"initialize", "initialized", "shutdown", "exit", "rpc.discover", "$/cancelRequest"}


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(what)


# Left out of the default tool list (`gallery-rpc mcp --all-tools` lists them): aliases and
# the frontend's plumbing.
LEFT_OUT = {"feed/prefetch", "feed/cancelPrefetch", "feed/retryImage", "connectivity/set"}


def contract_methods() -> list[str]:
    """Every method a feature's contract declares (its OpenRPC tag is the feature's name) that
    the default tool list holds."""
    document = json.loads((ROOT / "protocol" / "openrpc.json").read_text())
    return [
        m["name"]
        for m in document["methods"]
        if any(t["name"] != "test" for t in m.get("tags", []))
        and m["name"] not in LEFT_OUT
        and not m["name"].startswith("images/")
    ]


def structured(result: Any) -> dict[str, Any]:
    expect(result.structured_content is not None, f"no structuredContent in {result}")
    return dict(result.structured_content)


async def call(client: Client, tool: str, arguments: dict[str, Any] | None = None) -> Any:
    result = await client.call_tool(tool, arguments or {})
    expect(not result.is_error, f"{tool} failed: {result.content}")
    return result


async def modern(binary: str, data: str) -> None:
    params = StdioServerParameters(
        command=binary, args=["mcp", "--data-dir", data, "--durability", "none", "--test-clock", "--seed", "7"]
    )
    async with Client(params, mode="auto", read_timeout_seconds=60) as client:
        version = client.session.protocol_version
        expect(version == "2026-07-28", f"negotiated {version}, not 2026-07-28")
        tools = {t.name: t for t in (await client.list_tools()).tools}
        for method in contract_methods():
            expect(method.replace("/", "_") in tools, f"no tool for {method}")
        listed = json.dumps([t.model_dump(by_alias=True, exclude_none=True) for t in tools.values()], separators=(",", ":"))
        expect(len(listed) < 16_500, f"the tool list is {len(listed)} bytes")
        expect(tools["state_get"].annotations.read_only_hint is True, "state.get is not read-only")
        expect(tools["account_delete"].annotations.destructive_hint is True, "account.delete is not destructive")
        expect("test_settle" in tools, "no test.settle under --test-clock")
        print(f"mcp: {version}, {len(tools)} tools")

        await call(client, "auth_setEmail", {"value": "test@mail.com"})
        await call(client, "auth_setPassword", {"value": "123456"})
        await call(client, "auth_submitLogin")
        await call(client, "test_settle")
        session = await client.read_resource("gallery://state/session")
        status = json.loads(session.contents[0].text)["status"]
        expect(status == "signedIn", f"/session/status is {status} after signing in")
        expect("123456" not in session.contents[0].text, "the password is in a resource")

        whole = json.loads((await client.read_resource("gallery://state")).contents[0].text)
        expect("feed" in whole and "session" in whole, "gallery://state is not the view")

        async with client.listen(resource_subscriptions=["gallery://state"]) as subscription:
            expect(list(subscription.honored.resource_subscriptions or []) == ["gallery://state"], "not honored")
            search = await call(client, "feed_setQuery", {"text": "cat"})
            expect(structured(search)["events"], "feed.setQuery recorded nothing")
            with anyio.fail_after(10):
                event = await subscription.__anext__()
            expect(getattr(event, "uri", None) == "gallery://state", f"heard {event}")
        await call(client, "test_settle")
        query = json.loads((await client.read_resource("gallery://state/feed/query")).contents[0].text)
        expect(query == "cat", f"/feed/query is {query!r}")
        print("mcp: signed in, searched, heard the state change")

        refused = await client.call_tool("account_delete", {"id": "nope"})
        expect(refused.is_error is True, "account.delete without the owner's consent was not an error")
        expect(structured(refused)["code"] == "mcp.consentNeeded", f"{refused}")
        bad = await client.call_tool("auth_setEmail", {"value": 5})
        expect(bad.is_error is True, "a number for auth_setEmail's value was not an error")
        expect('"value"' in bad.content[0].text, f"the bad argument is not named: {bad.content[0].text}")

        then = structured(await call(client, "history_stateAt", {"seq": 2, "pointer": "/login/email/value"}))
        expect(then == {"seq": 2, "value": "test@mail.com"}, f"history.stateAt answered {then}")
        print("mcp: refusals and bad arguments are errors with a message; history.stateAt travels")


async def legacy(binary: str, data: str) -> None:
    heard: list[str] = []

    async def on_message(message: Any) -> None:
        root = getattr(message, "root", message)
        if getattr(root, "method", None) == "notifications/resources/updated":
            heard.append(root.params.uri)

    params = StdioServerParameters(command=binary, args=["mcp", "--data-dir", data, "--durability", "none"])
    async with Client(params, mode="legacy", message_handler=on_message, read_timeout_seconds=60) as client:
        expect(client.session.protocol_version == "2025-11-25", f"negotiated {client.session.protocol_version}")
        await client.subscribe_resource("gallery://state/login")
        await call(client, "auth_setEmail", {"value": "someone@example.com"})
        with anyio.fail_after(10):
            while "gallery://state/login" not in heard:
                await anyio.sleep(0.02)
        print("mcp: 2025-11-25, resources/subscribe brought notifications/resources/updated")


class Owner:
    """The user's app: `gallery-rpc serve` on pipes, newline-delimited, admitting drive."""

    def __init__(self, binary: str, data: str) -> None:
        self.process = subprocess.Popen(
            [binary, "serve", "--data-dir", data, "--durability", "none", "--admit", "drive"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.next_id = 1

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        request: dict[str, Any] = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            request["params"] = params
        self.next_id += 1
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write((json.dumps(request) + "\n").encode())
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            expect(bool(line), f"the owner's core ended before answering {method}")
            message = json.loads(line)
            if message.get("id") == request["id"]:
                expect("error" not in message, f"the owner's {method} failed: {message}")
                return message.get("result")

    def stop(self) -> None:
        self.call("shutdown")
        assert self.process.stdin
        self.process.stdin.write(b'{"jsonrpc":"2.0","method":"exit"}\n')
        self.process.stdin.close()
        expect(self.process.wait(timeout=60) == 0, "the owner's core did not exit 0")


async def attached(binary: str, data: str) -> None:
    owner = Owner(binary, data)
    owner.call("initialize", {"clientInfo": {"name": "the user's app"}})
    params = StdioServerParameters(command=binary, args=["mcp", "--data-dir", data])
    async with Client(params, mode="auto", read_timeout_seconds=60) as client:
        email = await client.read_resource("gallery://state/login/email/value")
        expect(json.loads(email.contents[0].text) == "", "the live state is not the owner's")
        async with client.listen(resource_subscriptions=["gallery://state"]) as subscription:
            # The owner types; the assistant hears it.
            await anyio.to_thread.run_sync(owner.call, "auth/setEmail", {"value": "owner@mail.com"})
            with anyio.fail_after(10):
                event = await subscription.__anext__()
            expect(getattr(event, "uri", None) == "gallery://state", f"heard {event}")
        email = await client.read_resource("gallery://state/login/email/value")
        expect(json.loads(email.contents[0].text) == "owner@mail.com", "the owner's keystroke is not seen")
        print("mcp: attached to the live core, heard the owner's keystroke")

        signed = await call(client, "auth_signIn", {"email": "test@mail.com", "password": "123456"})
        outcome = json.loads(signed.content[0].text)
        expect(outcome.get("settled") is True, f"auth_signIn did not wait: {outcome}")
        key = json.loads((await client.read_resource("gallery://state/feed/items/0/key")).contents[0].text)
        await call(client, "feed_openDetail", {"key": key, "wait": True})
        route = await anyio.to_thread.run_sync(owner.call, "state/get", {"pointer": "/detail/key"})
        expect(route["value"] == key, f"the owner's app does not show {key}: {route}")
        photo = await call(client, "photo_view", {"key": key, "size": "large"})
        image = photo.content[0]
        expect(image.type == "image" and image.mime_type == "image/png", f"not an image: {image.type}")
        expect(len(image.data) > 1000, "an empty image")
        print(f"mcp: drove the owner's app (signed in, opened {key}) and saw the photo")
    await anyio.to_thread.run_sync(owner.stop)


async def main() -> None:
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b, tempfile.TemporaryDirectory() as c:
        await modern(binary, a)
        await legacy(binary, b)
        await attached(binary, c)


if __name__ == "__main__":
    import warnings

    warnings.simplefilter("ignore")
    asyncio.run(main())
    print("mcp: the SDK session passed")
