"""What a type checker says of a mistaken request: through the method named after it
(`client.auth_set_email`), mypy names the wrong key in a line or two, where `request`'s
overloads list every method's signature (about 50 lines). Needs mypy (the CI venv has it)."""

import os
import subprocess
import sys
import tempfile
import unittest

PACKAGE = os.path.join(os.path.dirname(__file__), "..")

MISTAKE = """from gallery_client import GalleryClient
with GalleryClient(".build/debug/gallery-rpc", data_dir="/tmp/unused") as client:
    client.auth_set_email({"valu": "a@b.c"})
"""


class TypingTests(unittest.TestCase):
    def mypy(self, source: str) -> "subprocess.CompletedProcess[str]":
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "mistake.py")
            with open(path, "w") as f:
                f.write(source)
            env = dict(os.environ, PYTHONPATH=PACKAGE, MYPY_CACHE_DIR=os.path.join(scratch, "cache"))
            return subprocess.run(
                [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", path],
                env=env, capture_output=True, text=True, timeout=300)

    def test_a_wrong_params_key_is_named_in_two_lines(self) -> None:
        try:
            import mypy  # noqa: F401
        except ImportError:
            self.fail("mypy is not installed: pip install mypy==1.13.0 (README, set-up step 4)")
        result = self.mypy(MISTAKE)
        lines = [line for line in result.stdout.splitlines() if line.strip()]
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertTrue(any('Extra key "valu" for TypedDict "AuthSetEmailParams"' in line for line in lines), lines)
        self.assertTrue(any('Missing key "value"' in line for line in lines), lines)
        self.assertLessEqual(len(lines), 2, lines)

    def test_the_right_call_checks(self) -> None:
        result = self.mypy(MISTAKE.replace('"valu"', '"value"'))
        self.assertEqual(result.returncode, 0, result.stdout)


if __name__ == "__main__":
    unittest.main()
