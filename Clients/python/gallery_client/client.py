"""A gallery-rpc child process spoken to in newline-delimited JSON-RPC, typed by the
generated `protocol` module, with the state mirrored as it changes."""

import json
import os
import subprocess
import threading
from typing import IO, Any, Callable, Dict, List, Mapping, Optional, Sequence, cast

from .mirror import StateMirror
from .protocol import InitializeResult, MessageCode, State, StateChanged, StateGetResult, TypedRequests


class RequestError(Exception):
    """An error answer: its JSON-RPC `code`, `message` and `data`."""

    def __init__(self, method: str, code: int, message: str, data: Any) -> None:
        super().__init__(f"{method} failed: {code} {message}" + (f" ({data})" if data is not None else ""))
        self.method, self.code, self.message, self.data = method, code, message, data


class Rejected(RequestError):
    """-32010: the action was refused; `reason` is its message code, `arguments` the values
    its text names (the same two names as the TypeScript client's)."""

    @property
    def reason(self) -> MessageCode:
        return cast(MessageCode, (self.data or {}).get("code", ""))

    @property
    def arguments(self) -> Dict[str, str]:
        return cast(Dict[str, str], (self.data or {}).get("args", {}))

    @property
    def args_(self) -> Dict[str, str]:
        """The same as `arguments`, kept for code written before it (`args` is every Python
        exception's own tuple, so it cannot be the name)."""
        return self.arguments


MAX_MESSAGE_BYTES = 64 * 1024 * 1024
"""The longest message taken from the server (64 MiB): a longer one is dropped, read in
pieces of this size, and the requests waiting are failed, saying so."""


class GalleryClient(TypedRequests):
    """Starts `gallery-rpc serve` and talks to it over stdio.

    `request(method, params)` is typed per method and answers its result once the mirror
    shows the answer's state version; `state` is the mirrored state; `wait_for` blocks
    (bounded) until the state satisfies a condition.
    """

    def __init__(
        self,
        binary: str = "gallery-rpc",
        arguments: Sequence[str] = (),
        data_dir: Optional[str] = None,
        env: Optional[Mapping[str, str]] = None,
        timeout: float = 60.0,
        max_message_bytes: int = MAX_MESSAGE_BYTES,
    ) -> None:
        command = [binary, "serve", "--framing", "ndjson"]
        if data_dir is not None:
            command += ["--data-dir", data_dir]
        self.timeout = timeout
        self.max_message_bytes = max_message_bytes
        self.dropped = 0
        """Lines from the server that were not JSON-RPC objects, too long, or choked a handler."""
        self.mirror = StateMirror()
        self.mirror.resync = self._resync
        self._process = subprocess.Popen(
            command + list(arguments),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=dict(env) if env is not None else None,
        )
        self._stdin = cast(IO[bytes], self._process.stdin)
        self._write_lock = threading.Lock()
        self._pending_lock = threading.Lock()
        self._next_id = 0
        self._pending: Dict[int, Callable[[Dict[str, Any]], None]] = {}
        self._listeners: List[Callable[[str, Any], None]] = []
        self._closed = threading.Event()
        self._reader = threading.Thread(target=self._read, args=(self._process.stdout,), daemon=True)
        self._reader.start()

    # MARK: - Lifecycle

    def start(
        self, initialization_options: Optional[Mapping[str, Any]] = None, client_name: str = "gallery_client"
    ) -> InitializeResult:
        """`initialize` (with the app's shape and start settings), `initialized`, and the first
        whole state into the mirror."""
        params: Dict[str, Any] = {"clientInfo": {"name": client_name}}
        if initialization_options is not None:
            params["initializationOptions"] = dict(initialization_options)
        result = cast(InitializeResult, self._send("initialize", params))
        self.notify("initialized")
        self.mirror.load(cast(StateGetResult, self._send("state/get", {})))
        return result

    def close(self) -> int:
        """`shutdown`, `exit`, and the process's exit status (bounded by the timeout)."""
        if self._process.poll() is None:
            try:
                self._send("shutdown", {})
                self.notify("exit")
            except (RequestError, OSError, TimeoutError):
                pass
            try:
                self._stdin.close()
            except OSError:
                pass
        try:
            status = self._process.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self._process.kill()
            status = self._process.wait()
        self._reader.join(self.timeout)
        if self._process.stdout is not None:
            self._process.stdout.close()
        return status

    def __enter__(self) -> "GalleryClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # MARK: - State

    @property
    def state(self) -> State:
        """A copy of the mirrored state."""
        return self.mirror.state

    def wait_for(self, predicate: Callable[[State], bool], timeout: Optional[float] = None) -> State:
        """Blocks until `predicate(state)` holds; raises TimeoutError past the timeout."""
        return self.mirror.wait_for(predicate, self.timeout if timeout is None else timeout)

    def on_notification(self, listener: Callable[[str, Any], None]) -> None:
        """Calls `listener(method, params)` for every notification the server sends."""
        self._listeners.append(listener)

    # MARK: - Messages

    def _send(self, method: str, params: Dict[str, Any]) -> Any:
        done = threading.Event()
        answer: Dict[str, Any] = {}

        def arrived(message: Dict[str, Any]) -> None:
            answer.update(message)
            done.set()

        ident = self._register(arrived)
        self._write({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        if not done.wait(self.timeout):
            with self._pending_lock:
                self._pending.pop(ident, None)
            raise TimeoutError(f"{method}: no answer in {self.timeout} s")
        if "error" in answer:
            error = answer["error"]
            kind = Rejected if error.get("code") == -32010 else RequestError
            raise kind(method, error.get("code", 0), error.get("message", ""), error.get("data"))
        result = answer.get("result")
        # The answer's state is in the mirror before the caller sees the answer.
        if isinstance(result, dict) and isinstance(result.get("version"), int) and method != "state/get":
            self.mirror.wait_for_version(result["version"], self.timeout)
        return result

    def _notify(self, method: str, params: Dict[str, Any]) -> None:
        self._write({"jsonrpc": "2.0", "method": method, "params": params})

    def _register(self, callback: Callable[[Dict[str, Any]], None]) -> int:
        with self._pending_lock:
            if self._closed.is_set():
                raise OSError("gallery-rpc has exited")
            self._next_id += 1
            self._pending[self._next_id] = callback
            return self._next_id

    def _write(self, message: Dict[str, Any]) -> None:
        line = json.dumps(message, separators=(",", ":")).encode() + b"\n"
        with self._write_lock:
            self._stdin.write(line)
            self._stdin.flush()

    def _resync(self) -> None:
        """Asks for the whole state without waiting: the reader thread must keep reading."""

        def arrived(message: Dict[str, Any]) -> None:
            if "result" in message:
                self.mirror.load(cast(StateGetResult, message["result"]))
            else:
                self.mirror.sync_failed()

        try:
            ident = self._register(arrived)
            self._write({"jsonrpc": "2.0", "id": ident, "method": "state/get", "params": {}})
        except OSError:
            self.mirror.sync_failed()

    def _read(self, stdout: Optional[IO[bytes]]) -> None:
        """The reader thread: nothing the server sends ends it but the end of its output. Each
        line is read with a bound; one that is not a JSON-RPC object is counted and skipped."""
        assert stdout is not None
        while True:
            line = stdout.readline(self.max_message_bytes + 1)
            if not line:
                break
            if len(line) > self.max_message_bytes and not line.endswith(b"\n"):
                # Too long: the rest of it is read in bounded pieces and dropped.
                while line and not line.endswith(b"\n"):
                    line = stdout.readline(self.max_message_bytes + 1)
                self.dropped += 1
                self._fail_pending(f"gallery-rpc sent a message over {self.max_message_bytes} bytes; it was dropped")
                self.mirror.lost()
                continue
            try:
                self._dispatch(json.loads(line))
            except (ValueError, RecursionError, TypeError, KeyError, AttributeError):
                # Whatever it was (a change, perhaps), the mirror asks for the whole state again.
                self.dropped += 1
                self.mirror.lost()
        with self._pending_lock:
            self._closed.set()
        self._fail_pending("gallery-rpc exited before answering")

    def _dispatch(self, message: Any) -> None:
        if not isinstance(message, dict):
            self.dropped += 1
            self.mirror.lost()
            return
        if "id" in message and ("result" in message or "error" in message):
            ident = message["id"]
            with self._pending_lock:
                callback = self._pending.pop(ident, None) if isinstance(ident, int) else None
            if callback is not None:
                callback(message)
        elif isinstance(message.get("method"), str):
            if message["method"] == "state/changed":
                self.mirror.changed(cast(StateChanged, message.get("params")))
            for listener in list(self._listeners):
                listener(message["method"], message.get("params"))

    def _fail_pending(self, reason: str) -> None:
        """Every request waiting for an answer fails now, with `reason`."""
        with self._pending_lock:
            pending, self._pending = self._pending, {}
        for callback in pending.values():
            callback({"error": {"code": -32099, "message": reason}})


def default_binary() -> str:
    """`GALLERY_RPC` when set, else `gallery-rpc` on the PATH."""
    return os.environ.get("GALLERY_RPC", "gallery-rpc")
