// Node's transport: a gallery-rpc child process spoken to in newline-delimited JSON-RPC.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GalleryClient } from "./gallery-client.js";

export * from "./gallery-client.js";

/** The longest message taken from the server, in characters (64 MiB); a longer one is
 * dropped whole and the requests waiting are failed, saying so. */
export const maxMessageLength = 64 * 1024 * 1024;

/** Starts `gallery-rpc serve --framing ndjson` with `args` and carries messages over its stdio.
 * What the server sends is read with a bound (`maxMessageLength`), each chunk scanned once; a
 * line that is not JSON, or that a handler chokes on, is counted in `dropped` and skipped. */
export class ProcessTransport {
  constructor(binary = process.env.GALLERY_RPC || "gallery-rpc", args = [], { maxLength = maxMessageLength } = {}) {
    this.child = spawn(binary, ["serve", "--framing", "ndjson", ...args], { stdio: ["pipe", "pipe", "inherit"] });
    this._handler = () => {};
    this._failure = () => {};
    this._buffer = "";
    this._skipping = false;
    this.maxLength = maxLength;
    this.dropped = 0;
    this.exited = new Promise((resolve) => this.child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1))));
    this.exited.then(() => this._failure("gallery-rpc exited before answering"));
    this.child.on("error", (error) => this._failure(`gallery-rpc could not run: ${error.message}`));
    // A server that dies mid-write makes its stdin fail (EPIPE): what waits is failed, saying
    // so, instead of an uncaught error ending the user's program.
    this.child.stdin.on("error", (error) => this._failure(`gallery-rpc stopped reading: ${error.message}`));
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk) => this._take(chunk));
  }

  _take(chunk) {
    let start = 0;
    let end;
    // Only the new chunk is searched for line ends: a long message costs its length once.
    while ((end = chunk.indexOf("\n", start)) >= 0) {
      const piece = chunk.slice(start, end);
      start = end + 1;
      if (this._skipping) { this._skipping = false; continue; }
      const line = this._buffer + piece;
      this._buffer = "";
      this._line(line);
    }
    if (this._skipping) return;
    this._buffer += chunk.slice(start);
    if (this._buffer.length > this.maxLength) {
      this._buffer = "";
      this._skipping = true;
      this.dropped += 1;
      this._failure(`gallery-rpc sent a message longer than ${this.maxLength} characters; it was dropped`);
    }
  }

  _line(line) {
    if (line.length > this.maxLength) {
      this.dropped += 1;
      this._failure(`gallery-rpc sent a message longer than ${this.maxLength} characters; it was dropped`);
      return;
    }
    if (line.trim() === "") return;
    let message;
    try { message = JSON.parse(line); } catch { this.dropped += 1; return; }
    try { this._handler(message); } catch { this.dropped += 1; }
  }

  onMessage(handler) { this._handler = handler; }

  /** `handler(reason)` when what is waited for cannot come: a message dropped, the process gone. */
  onFailure(handler) { this._failure = handler; }

  send(message) {
    return new Promise((resolve, reject) => {
      if (!this.child.stdin.writable) { reject(new Error("gallery-rpc has exited")); return; }
      this.child.stdin.write(JSON.stringify(message) + "\n", (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Closes stdin and resolves with the exit status (killed after 30 s). */
  close() {
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 30000);
    return this.exited.finally(() => clearTimeout(timer));
  }
}

/**
 * A client of a new gallery-rpc child. `dataDir: "temporary"` gives it a fresh directory,
 * removed when the client closes; `binary` defaults to GALLERY_RPC, else `gallery-rpc`.
 */
export function spawnGallery({ binary, args = [], dataDir, timeout } = {}) {
  const temporary = dataDir === "temporary" ? mkdtempSync(join(tmpdir(), "gallery-client-")) : null;
  const directory = temporary ?? dataDir;
  const transport = new ProcessTransport(binary, directory ? ["--data-dir", directory, ...args] : args);
  if (temporary) transport.exited.finally(() => rmSync(temporary, { recursive: true, force: true }));
  return new GalleryClient(transport, timeout === undefined ? {} : { timeout });
}

/**
 * `gallery-rpc rerun PATH --format json`: the recording's inputs made again on that build,
 * offline. Resolves to `{ status, report }` (status 0: the same decisions; 1: `report.divergence`
 * names the first that differs); rejects with what the command said on a recording it cannot
 * read (2) or one a newer build wrote (3).
 */
export function rerun(path, { binary = process.env.GALLERY_RPC || "gallery-rpc", until } = {}) {
  const args = ["rerun", path, "--format", "json", ...(until === undefined ? [] : ["--until", String(until)])];
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (out += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (err += chunk));
    child.on("error", (error) => reject(new Error(`gallery-rpc could not run: ${error.message}`)));
    child.on("close", (status) => {
      if (status === 0 || status === 1) resolve({ status, report: JSON.parse(out) });
      else reject(Object.assign(new Error(err.trim() || `gallery-rpc rerun exited ${status}`), { status }));
    });
  });
}
