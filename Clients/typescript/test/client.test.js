// The TypeScript client against the real binary (GALLERY_RPC, default .build/debug/gallery-rpc):
// the mirror equals state/get after every step of a long random session, a gap or a bad patch
// resynchronises it, and rejections arrive typed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { spawnGallery, applyPatch, PatchError, Rejected, rerun } from "../node.js";

const binary = process.env.GALLERY_RPC || fileURLToPath(new URL("../../../.build/debug/gallery-rpc", import.meta.url));
const steps = Number(process.env.GALLERY_CLIENT_STEPS || 1000);
const contract = JSON.parse(readFileSync(new URL("../../../protocol/openrpc.json", import.meta.url), "utf8"));
const rejections = Object.fromEntries(contract.methods.map((m) => [m.name, m["x-rejection-codes"] || []]));

async function started() {
  const client = spawnGallery({ binary, dataDir: "temporary", args: ["--test-clock", "--seed", "7", "--log-level", "error"] });
  await client.start({ clientName: "client.test.js" });
  return client;
}

async function assertMirrors(client, what) {
  const answer = await client.request("state/get");
  await client.waitFor(() => client.version >= answer.version);
  assert.equal(client.version, answer.version, what);
  assert.deepEqual(client.state, answer.value, what);
}

/** A small deterministic generator (the session is the same on every run). */
function random(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

test("patches apply to objects and arrays, and a patch that does not fit is refused", () => {
  let doc = { a: [1, 2], b: { c: 1 } };
  doc = applyPatch(doc, [{ op: "add", path: "/a/1", value: 9 }, { op: "remove", path: "/b/c" }]);
  doc = applyPatch(doc, [{ op: "add", path: "/b/x~1y", value: true }, { op: "replace", path: "/a/0", value: 0 }]);
  assert.deepEqual(doc, { a: [0, 9, 2], b: { "x/y": true } });
  assert.throws(() => applyPatch({ a: [] }, [{ op: "remove", path: "/a/0" }]), PatchError);
  assert.throws(() => applyPatch({ a: {} }, [{ op: "replace", path: "/a/b", value: 1 }]), PatchError);
});

test("the mirror equals the state after every step of a random session", async () => {
  const client = await started();
  const next = random(31);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const keys = (s) => s.feed.items.map((item) => item.key);
  const actions = [
    ["auth/setEmail", () => ({ value: pick(["test@mail.com", "x", "a@b.co", ""]) })],
    ["auth/setPassword", () => ({ value: pick(["123456", "1", "secret1"]) })],
    ["auth/submitLogin", () => ({})],
    ["feed/setQuery", () => ({ text: pick(["", "cat", "sky", "ñandú", "c++"]) })],
    ["feed/loadMore", () => ({})],
    ["feed/refresh", () => ({})],
    ["nav/open", () => ({ screen: pick(["feed", "albums", "account", "video", "settings"]) })],
    ["nav/back", () => ({})],
    ["albums/setSearch", () => ({ text: pick(["", "a", "trip", "zoë"]) })],
    ["albums/open", (s) => ({ albumId: Number(pick(Object.keys(s.albums.all).concat(["1"]))) })],
    ["images/prefetch", (s) => ({ keys: keys(s).slice(0, 3) })],
    ["feed/openDetail", (s) => ({ key: pick(keys(s).concat(["demo:1"])) })],
    ["detail/close", () => ({})],
    ["connectivity/set", () => ({ online: next() < 0.8 })],
    ["settings/update", () => ({ language: pick(["en", "es"]) })],
    ["auth/logout", () => ({})],
  ];
  let rejected = 0;
  try {
    for (let step = 0; step < steps; step++) {
      const [method, params] = pick(actions);
      try {
        await client.request(method, params(client.state));
      } catch (e) {
        if (!(e instanceof Rejected)) throw e;
        rejected += 1;
        // Every refusal is one the method declares (openrpc.json's x-rejection-codes).
        assert.ok(rejections[method].includes(e.reason), `${method} refused with ${e.reason}`);
      }
      if (next() < 0.5) await client.request("test/advanceClock", { milliseconds: pick([1, 300, 1000]) });
      await client.request("test/settle");
      await assertMirrors(client, `step ${step}: ${method}`);
    }
    assert.ok(rejected < steps, "some actions went through");
    assert.ok(client.version > steps / 4);
    assert.equal(client.mirror.resyncs, 0, "every patch applied in order, none needed the whole state");
  } finally {
    assert.equal(await client.close(), 0);
  }
});

test("a gap resynchronises the mirror, and a rejection carries its code and arguments", async () => {
  const client = await started();
  try {
    await client.request("auth/setEmail", { value: "a@b.co" });
    const version = client.version;
    client.mirror.changed({ fromVersion: version + 5, version: version + 6, patch: [] });
    await client.request("auth/setEmail", { value: "c@d.co" });
    await client.waitFor((s) => s.login.email.value === "c@d.co");
    assert.ok(client.mirror.resyncs >= 1);
    await assertMirrors(client, "after the resync");
    await assert.rejects(client.request("albums/open", { albumId: 999 }), (e) => {
      assert.ok(e instanceof Rejected);
      assert.equal(e.code, -32010);
      assert.equal(e.reason, "albums.unknownAlbum");
      assert.deepEqual(e.arguments, { id: "999" });
      assert.deepEqual(e.args, e.arguments, "the older name");
      return true;
    });
  } finally {
    assert.equal(await client.close(), 0);
  }
});

test("rerun: a saved session decides the same on this build, and one that does not is named", async () => {
  const fixtures = fileURLToPath(new URL("../../../Tests/GalleryCoreTests/Fixtures/", import.meta.url));
  const same = await rerun(fixtures + "browse-search-detail-offline.jsonl", { binary });
  assert.equal(same.status, 0);
  assert.equal(same.report.events, 26);
  assert.equal(same.report.divergence, undefined);
  const other = await rerun(fixtures + "legacy/auth-only-login-wrong-password-retry-logout.jsonl", { binary });
  assert.equal(other.status, 1);
  assert.equal(other.report.divergence.seq, 8);
  assert.equal(other.report.divergence.made.type, "feed.loadStarted");
  await assert.rejects(rerun(fixtures + "missing.jsonl", { binary }), (error) => error.status === 2);
});
