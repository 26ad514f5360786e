// The TypeScript client against a hostile server (Tools/clients/hostile_server.py, run in
// place of gallery-rpc): junk lines, versions that are not numbers, prototype keys, deep
// nesting, a resync that never answers and a 100 MB line. The client never throws out of its
// reader, keeps no prototype polluted, stays bounded, and fails what it waits for with why.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { GalleryClient, ProcessTransport, StateMirror } from "../node.js";

const server = fileURLToPath(new URL("../../../Tools/clients/hostile_server.py", import.meta.url));

function hostile(mode, { timeout = 20000, maxLength } = {}) {
  process.env.HOSTILE_MODE = mode;
  const transport = new ProcessTransport(server, [], maxLength === undefined ? {} : { maxLength });
  return new GalleryClient(transport, { timeout });
}

test("junk lines are skipped and the request still answers", async () => {
  const client = hostile("junk");
  await client.start();
  assert.deepEqual(await client.request("ping"), { ok: true });
  assert.ok(client.malformed + client.transport.dropped + client.mirror.malformed >= 5, "the junk was counted");
  await client.close();
});

test("a state/changed without whole-number versions is dropped, with no resync loop", async () => {
  const client = hostile("noversion");
  await client.start();
  await client.request("ping");
  assert.equal(client.state.session.status, "signedIn");
  assert.equal(client.version, 2);
  assert.equal(client.mirror.malformed, 3);
  assert.equal(client.mirror.resyncs, 0);
  await client.close();
});

test("prototype keys in a patch pollute nothing, and __proto__ is an ordinary member", async () => {
  const client = hostile("proto");
  await client.start();
  await client.request("ping");
  assert.equal({}.polluted, undefined, "Object.prototype untouched");
  assert.equal(Object.prototype.polluted, undefined);
  const answer = await client.request("state/get");
  assert.equal(JSON.stringify(client.state), JSON.stringify(answer.value), "the mirror is what state/get says");
  assert.ok(Object.prototype.hasOwnProperty.call(client.state.settings.environments, "__proto__"));
  await client.close();
});

test("a message nested 100,000 deep is dropped and the client goes on", async () => {
  const client = hostile("deep");
  await client.start();
  assert.deepEqual(await client.request("ping"), { ok: true });
  await client.close();
});

test("while a resync never answers, the changes kept stay bounded and requests fail in time", async () => {
  const client = hostile("nosync", { timeout: 3000 });
  await client.start();
  await assert.rejects(client.request("ping"), /no answer in 3000 ms/);
  assert.ok(client.mirror._held.length <= StateMirror.maxHeld, `${client.mirror._held.length} changes kept`);
  assert.equal(client.mirror.resyncs, 1, "one resync asked for, not one per change");
  client.transport.child.kill();
  await client.transport.exited;
});

test("a 100 MB line is dropped at the bound and fails what waits for it, saying why", async () => {
  const client = hostile("hugeline", { maxLength: 16 * 1024 * 1024 });
  await client.start();
  const started = process.memoryUsage().rss;
  await assert.rejects(client.request("ping"), /longer than 16777216 characters/);
  assert.deepEqual(await client.request("ping"), { ok: true }, "the next answer is read");
  assert.ok(process.memoryUsage().rss - started < 200 * 1024 * 1024, "bounded");
  await client.close();
});

test("a server that dies mid-write fails what waits, and the program goes on", async () => {
  const client = hostile("dies");
  await client.start();
  // The server exits at the first request; the second, 8 MB, is still being written (a pipe
  // holds 64 KB): its write fails with EPIPE, which must reject, not crash the program.
  const first = client.request("ping");
  const second = client.request("ping", { pad: "x".repeat(8 * 1024 * 1024) });
  await assert.rejects(first);
  await assert.rejects(second);
  await client.close();
});
