"""The Python client against a hostile server (Tools/clients/hostile_server.py, run in place
of gallery-rpc): junk lines, versions that are not numbers, deep nesting, a resync that never
answers and a 100 MB line. The reader thread never dies, the client stays bounded, and what
it waits for fails in time with why."""

import os
import resource
import unittest
from typing import Any, Dict

from gallery_client import GalleryClient, RequestError
from gallery_client.mirror import MAX_HELD

SERVER = os.path.join(os.path.dirname(__file__), "..", "..", "..", "Tools", "clients", "hostile_server.py")


def hostile(mode: str, timeout: float = 20.0, **options: Any) -> GalleryClient:
    env = dict(os.environ, HOSTILE_MODE=mode)
    client = GalleryClient(SERVER, env=env, timeout=timeout, **options)
    client.start()
    return client


def ping(client: GalleryClient) -> Any:
    request: Dict[str, Any] = {}
    return client._send("ping", request)


class HostileServerTests(unittest.TestCase):
    def test_junk_lines_are_skipped_and_the_reader_goes_on(self) -> None:
        client = hostile("junk")
        self.assertEqual(ping(client), {"ok": True})
        self.assertGreaterEqual(client.dropped + client.mirror.malformed, 5)
        self.assertTrue(client._reader.is_alive(), "the reader thread is alive")
        self.assertEqual(ping(client), {"ok": True})
        client.close()

    def test_changes_without_whole_number_versions_are_dropped_without_a_resync_loop(self) -> None:
        client = hostile("noversion")
        self.assertEqual(ping(client), {"version": 2})
        self.assertEqual(client.state["session"]["status"], "signedIn")
        self.assertEqual(client.mirror.malformed, 3)
        self.assertEqual(client.mirror.resyncs, 0)
        client.close()

    def test_a_message_nested_100000_deep_does_not_kill_the_reader(self) -> None:
        client = hostile("deep")
        self.assertEqual(ping(client), {"ok": True})
        self.assertTrue(client._reader.is_alive())
        client.close()

    def test_a_dropped_change_resyncs_the_mirror_instead_of_waiting_out_the_timeout(self) -> None:
        client = hostile("deepchange", timeout=10.0)
        self.assertEqual(ping(client), {"version": 2})
        self.assertEqual(client.mirror.version, 2)
        self.assertEqual(client.state["session"]["status"], "signedIn")
        self.assertGreaterEqual(client.dropped, 1)
        client.close()

    def test_a_resync_that_never_answers_keeps_the_changes_bounded(self) -> None:
        client = hostile("nosync", timeout=3.0)
        with self.assertRaises(TimeoutError):
            ping(client)
        self.assertLessEqual(len(client.mirror._held), MAX_HELD)
        self.assertEqual(client.mirror.resyncs, 1)
        client._process.kill()
        client.close()

    def test_a_100_mb_line_is_dropped_at_the_bound_and_fails_what_waits(self) -> None:
        client = hostile("hugeline", max_message_bytes=16 * 1024 * 1024)
        with self.assertRaises(RequestError) as failed:
            ping(client)
        self.assertIn("over 16777216 bytes", str(failed.exception))
        self.assertEqual(ping(client), {"ok": True}, "the next answer is read")
        peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        self.assertLess(peak_kb, 400 * 1024, f"peak {peak_kb} KB")
        client.close()


if __name__ == "__main__":
    unittest.main()
