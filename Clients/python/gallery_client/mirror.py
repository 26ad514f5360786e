"""The client's copy of gallery-rpc's state, kept equal to the server's by `state/changed`."""

import copy
import threading
from typing import Any, Callable, Dict, List, Optional, cast

from .patch import PatchError, apply
from .protocol import State, StateChanged, StateGetResult

Listener = Callable[[State, int], None]

MAX_HELD = 1024
"""Changes kept while a resync's `state/get` is awaited; past it they are dropped and the
mirror asks again once the answer comes (the state it brings is newer anyway)."""


def _well_formed(change: Any) -> bool:
    """A `state/changed` the mirror can use: whole-number versions and a patch."""
    return (
        isinstance(change, dict)
        and all(isinstance(change.get(k), int) and not isinstance(change.get(k), bool) for k in ("version", "fromVersion"))
        and isinstance(change.get("patch"), list)
    )


class StateMirror:
    """Applies `state/changed` patches in version order; on a gap or a patch that does not fit
    it asks for the whole state (`resync`) and applies what arrives meanwhile on top of it."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._document: Any = None
        self._version = -1
        self._syncing = False
        self._held: List[StateChanged] = []
        self._listeners: List[Listener] = []
        self.resync: Callable[[], None] = lambda: None
        """Called (without the lock) when the mirror needs the whole state; the client sets it."""
        self.resyncs = 0
        """How many times the mirror asked for the whole state after a gap or a bad patch."""
        self.malformed = 0
        """`state/changed` messages dropped as malformed (no whole-number versions, no patch)."""
        self._again = False

    @property
    def state(self) -> State:
        """A copy of the current state (safe to keep while patches keep arriving)."""
        with self._lock:
            return cast(State, copy.deepcopy(self._document))

    @property
    def version(self) -> int:
        with self._lock:
            return self._version

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Calls `listener(state, version)` after every change; answers a function that stops it."""
        with self._lock:
            self._listeners.append(listener)

        def stop() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return stop

    def load(self, snapshot: StateGetResult) -> None:
        """Takes the whole state (`state/get` without a pointer), then what arrived after it."""
        with self._lock:
            if snapshot["version"] >= self._version:
                self._document = copy.deepcopy(snapshot["value"])
                self._version = snapshot["version"]
            self._syncing = False
            held, self._held = self._held, []
            again, self._again = self._again, False
            if again:
                # Changes were dropped while waiting: the state just loaded may miss some.
                self._syncing = True
                self.resyncs += 1
        if again:
            self.resync()
            return
        for change in held:
            self.changed(change)
        self._announce()

    def lost(self) -> None:
        """A message from the server was dropped unread (not JSON, nested too deep, too long): it
        may have been a change, so the whole state is asked for again, once however many are
        dropped while that is awaited."""
        with self._lock:
            if self._syncing:
                self._again = True
                return
            self._syncing = True
            self.resyncs += 1
        self.resync()

    def sync_failed(self) -> None:
        """The `state/get` of a resync failed: the next change tries again."""
        with self._lock:
            self._syncing = False
            self._held = []
            self._again = False

    def changed(self, change: StateChanged) -> None:
        """One `state/changed`: applied when it follows the current version, held during a
        resync, ignored when already applied; a gap or a patch that does not fit resyncs."""
        need_sync = False
        if not _well_formed(change):
            with self._lock:
                self.malformed += 1
            return
        with self._lock:
            if self._syncing:
                if len(self._held) >= MAX_HELD:
                    self._held = []
                    self._again = True
                self._held.append(change)
                return
            if change["version"] <= self._version:
                return
            if change["fromVersion"] != self._version:
                need_sync = True
            else:
                try:
                    self._document = apply(self._document, change["patch"])
                    self._version = change["version"]
                except (PatchError, KeyError, TypeError, ValueError, IndexError):
                    need_sync = True
            if need_sync:
                self._syncing = True
                self._held.append(change)
                self.resyncs += 1
        if need_sync:
            self.resync()
        else:
            self._announce()

    def wait_for(self, predicate: Callable[[State], bool], timeout: float) -> State:
        """Blocks until `predicate(state)` holds (checked after each change), at most `timeout` s."""
        with self._lock:
            if not self._lock.wait_for(lambda: self._document is not None and predicate(self._document), timeout):
                raise TimeoutError(f"the state did not reach the expected condition in {timeout} s")
            return cast(State, copy.deepcopy(self._document))

    def wait_for_version(self, version: int, timeout: float) -> None:
        """Blocks until the mirror shows `version` (an answer's), at most `timeout` seconds."""
        with self._lock:
            if not self._lock.wait_for(lambda: self._version >= version, timeout):
                raise TimeoutError(f"the mirror did not reach version {version} in {timeout} s")

    def _announce(self) -> None:
        with self._lock:
            self._lock.notify_all()
            listeners = list(self._listeners)
            document, version = self._document, self._version
        for listener in listeners:
            listener(cast(State, document), version)

    def document(self) -> Optional[Dict[str, Any]]:
        """The live document (do not change it); None before the first state arrives."""
        with self._lock:
            return cast(Optional[Dict[str, Any]], self._document)
