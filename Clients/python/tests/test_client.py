"""The Python client against the real binary (GALLERY_RPC, default .build/debug/gallery-rpc):
the mirror equals `state/get` after every step of a long random session, a gap or a bad patch
resynchronises it, and errors arrive typed."""

import os
import random
import tempfile
import unittest
from typing import Any, Callable, Dict, List, Tuple

from gallery_client import GalleryClient, PatchError, Rejected, RerunError, apply, rerun
from gallery_client.protocol import REJECTIONS, State, StateChanged

BINARY = os.environ.get(
    "GALLERY_RPC", os.path.join(os.path.dirname(__file__), "..", "..", "..", ".build", "debug", "gallery-rpc")
)
STEPS = int(os.environ.get("GALLERY_CLIENT_STEPS", "1000"))


def started(data_dir: str) -> GalleryClient:
    client = GalleryClient(BINARY, ["--test-clock", "--seed", "7", "--log-level", "error"], data_dir=data_dir)
    client.start(client_name="test_client.py")
    return client


class PatchTests(unittest.TestCase):
    def test_operations_on_objects_and_arrays(self) -> None:
        doc: Any = {"a": [1, 2], "b": {"c": 1}}
        doc = apply(doc, [{"op": "add", "path": "/a/1", "value": 9}, {"op": "remove", "path": "/b/c"}])
        doc = apply(doc, [{"op": "add", "path": "/b/x~1y", "value": True}, {"op": "replace", "path": "/a/0", "value": 0}])
        self.assertEqual(doc, {"a": [0, 9, 2], "b": {"x/y": True}})
        self.assertEqual(apply(doc, [{"op": "replace", "path": "", "value": 3}]), 3)
        with self.assertRaises(PatchError):
            apply({"a": []}, [{"op": "remove", "path": "/a/0"}])
        with self.assertRaises(PatchError):
            apply({"a": {}}, [{"op": "replace", "path": "/a/b", "value": 1}])


class ClientTests(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.client = started(self.dir.name)

    def tearDown(self) -> None:
        self.assertEqual(self.client.close(), 0)
        self.dir.cleanup()

    def assert_mirrors(self, what: str) -> None:
        answer = self.client.request("state/get")
        self.client.mirror.wait_for_version(answer["version"], 30)
        self.assertEqual(self.client.mirror.version, answer["version"], what)
        self.assertEqual(self.client.state, answer["value"], what)

    def test_the_mirror_equals_the_state_after_every_step_of_a_random_session(self) -> None:
        rng = random.Random(31)
        c = self.client

        def keys(state: State) -> List[str]:
            return [item["key"] for item in state["feed"]["items"]]

        actions: List[Tuple[str, Callable[[State], Dict[str, Any]]]] = [
            ("auth/setEmail", lambda s: {"value": rng.choice(["test@mail.com", "x", "a@b.co", ""])}),
            ("auth/setPassword", lambda s: {"value": rng.choice(["123456", "1", "secret1"])}),
            ("auth/submitLogin", lambda s: {}),
            ("feed/setQuery", lambda s: {"text": rng.choice(["", "cat", "sky", "ñandú", "c++"])}),
            ("feed/loadMore", lambda s: {}),
            ("feed/refresh", lambda s: {}),
            ("nav/open", lambda s: {"screen": rng.choice(["feed", "albums", "account", "video", "settings"])}),
            ("nav/back", lambda s: {}),
            ("albums/setSearch", lambda s: {"text": rng.choice(["", "a", "trip", "zoë"])}),
            ("albums/open", lambda s: {"albumId": int(rng.choice(list(s["albums"]["all"]) or ["1"]))}),
            ("images/prefetch", lambda s: {"keys": rng.sample(keys(s), min(3, len(keys(s))))}),
            ("feed/openDetail", lambda s: {"key": rng.choice(keys(s) or ["demo:1"])}),
            ("detail/close", lambda s: {}),
            ("connectivity/set", lambda s: {"online": rng.random() < 0.8}),
            ("settings/update", lambda s: {"language": rng.choice(["en", "es"])}),
            ("auth/logout", lambda s: {}),
        ]
        rejected = 0
        for step in range(STEPS):
            method, params = rng.choice(actions)
            try:
                c.request(method, params(c.state))  # type: ignore[call-overload]
            except Rejected as refusal:
                rejected += 1
                # Every refusal is one the method declares (openrpc.json's x-rejection-codes).
                self.assertIn(refusal.reason, REJECTIONS[method], f"{method} refused with {refusal.reason}")
            if rng.random() < 0.5:
                c.request("test/advanceClock", {"milliseconds": rng.choice([1, 300, 1000])})
            c.request("test/settle")
            self.assert_mirrors(f"step {step}: {method}")
        self.assertLess(rejected, STEPS, "some actions went through")
        self.assertGreater(c.mirror.version, STEPS // 4)
        self.assertEqual(c.mirror.resyncs, 0, "every patch applied in order, none needed the whole state")

    def test_a_gap_or_a_patch_that_does_not_fit_resynchronises(self) -> None:
        c = self.client
        c.request("auth/setEmail", {"value": "a@b.co"})
        version = c.mirror.version
        # A change from a version the mirror never saw: it asks for the whole state.
        gap: StateChanged = {"fromVersion": version + 5, "version": version + 6, "patch": []}
        c.mirror.changed(gap)
        bad: StateChanged = {
            "fromVersion": version,
            "version": version + 1,
            "patch": [{"op": "remove", "path": "/no/such/member"}],
        }
        c.request("auth/setEmail", {"value": "c@d.co"})
        c.mirror.changed(bad)  # already applied (an older version): ignored
        self.assertEqual(c.state["login"]["email"]["value"], "c@d.co")
        self.assertGreaterEqual(c.mirror.resyncs, 1)
        self.assert_mirrors("after the resync")

    def test_a_rejection_arrives_with_its_code_and_arguments(self) -> None:
        with self.assertRaises(Rejected) as caught:
            self.client.request("albums/open", {"albumId": 999})
        self.assertEqual(caught.exception.code, -32010)
        self.assertEqual(caught.exception.reason, "albums.unknownAlbum")
        self.assertEqual(caught.exception.arguments, {"id": "999"})
        self.assertEqual(caught.exception.args_, caught.exception.arguments, "the older name")


class AttachTests(unittest.TestCase):
    """The same client, unchanged, attached to a live core another process owns: it starts
    `gallery-rpc serve --attach --drive` on the owner's data directory."""

    def test_an_attached_client_drives_the_owners_session_and_both_mirrors_follow(self) -> None:
        with tempfile.TemporaryDirectory() as data_dir:
            owner = GalleryClient(
                BINARY, ["--test-clock", "--seed", "7", "--admit", "drive", "--log-level", "error"], data_dir=data_dir
            )
            owner.start(client_name="the owner")
            attached = GalleryClient(BINARY, ["--attach", "--drive"], data_dir=data_dir)
            result = attached.start(client_name="an attached client")
            self.assertEqual(result["capabilities"]["attached"], {"role": "drive", "admits": "drive"})
            attached.request("auth/setEmail", {"value": "test@mail.com"})
            owner.request("auth/setPassword", {"value": "123456"})
            attached.request("auth/submitLogin")
            owner.request("test/settle")
            for client, who in ((owner, "the owner"), (attached, "the attached client")):
                answer = client.request("state/get")
                client.mirror.wait_for_version(answer["version"], 30)
                self.assertEqual(client.state, answer["value"], who)
                self.assertEqual(client.state["session"]["status"], "signedIn", who)
            self.assertEqual(attached.close(), 0)
            self.assertEqual(owner.close(), 0)


if __name__ == "__main__":
    unittest.main()


FIXTURES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "Tests", "GalleryCoreTests", "Fixtures")


class RerunTests(unittest.TestCase):
    """A saved session still behaves: `rerun` of a golden log on this build."""

    def test_a_golden_log_decides_the_same(self) -> None:
        report = rerun(os.path.join(FIXTURES, "browse-search-detail-offline.jsonl"), BINARY)
        self.assertEqual(report["events"], 26)
        self.assertIsNone(report.get("divergence"))

    def test_a_session_this_build_decides_otherwise_names_where(self) -> None:
        log = os.path.join(FIXTURES, "legacy", "auth-only-login-wrong-password-retry-logout.jsonl")
        divergence = rerun(log, BINARY).get("divergence")
        assert divergence is not None
        self.assertEqual(divergence["seq"], 8)
        self.assertEqual(divergence["recorded"]["type"], "auth.signedOut")
        self.assertEqual(divergence["made"]["type"], "feed.loadStarted")

    def test_a_file_that_is_no_log_raises_with_its_status(self) -> None:
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl") as junk:
            junk.write("not a log\n")
            junk.flush()
            with self.assertRaises(RerunError) as raised:
                rerun(junk.name, BINARY)
            self.assertEqual(raised.exception.status, 2)
