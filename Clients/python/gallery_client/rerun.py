"""`gallery-rpc rerun` from Python: a saved session run again on a build, offline, and its
report, so a test can assert that the session still behaves."""

import json
import subprocess
from typing import Any, List, Optional, TypedDict

from .client import default_binary


class RerunError(Exception):
    """A recording the build cannot read (`status` 2) or one a newer build wrote (3)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class RerunLine(TypedDict):
    type: str
    data: Any


class RerunInput(TypedDict):
    seq: int
    type: str
    method: str


class _DivergenceRequired(TypedDict):
    seq: int
    reason: str


class RerunDivergence(_DivergenceRequired, total=False):
    recorded: RerunLine
    made: RerunLine
    input: RerunInput


class _ReportRequired(TypedDict):
    events: int
    restarts: List[int]


class RerunReport(_ReportRequired, total=False):
    """What the rerun found; `divergence` is absent when every decision was the same."""

    divergence: RerunDivergence


def rerun(
    path: str, binary: Optional[str] = None, until: Optional[int] = None, timeout: float = 600
) -> RerunReport:
    """Runs `binary rerun PATH --format json` (the build `GALLERY_RPC` names by default) and
    returns its report: `report.get("divergence")` is None when the build decides the same.
    A recording the build cannot read (exit 2) or a newer build's (exit 3) raises RerunError
    with what the command said."""
    args = [binary or default_binary(), "rerun", path, "--format", "json"]
    if until is not None:
        args += ["--until", str(until)]
    done = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    if done.returncode not in (0, 1):
        raise RerunError(done.returncode, done.stderr.strip() or f"gallery-rpc rerun exited {done.returncode}")
    report: RerunReport = json.loads(done.stdout)
    return report
