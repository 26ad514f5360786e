// Node's transport: a gallery-rpc child process spoken to in newline-delimited JSON-RPC.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GalleryClient } from "./gallery-client.js";

export * from "./gallery-client.js";

/** Starts `gallery-rpc serve --framing ndjson` with `args` and carries messages over its stdio. */
export class ProcessTransport {
  constructor(binary = process.env.GALLERY_RPC || "gallery-rpc", args = []) {
    this.child = spawn(binary, ["serve", "--framing", "ndjson", ...args], { stdio: ["pipe", "pipe", "inherit"] });
    this._handler = () => {};
    this._buffer = "";
    this.exited = new Promise((resolve) => this.child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1))));
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk) => {
      this._buffer += chunk;
      let end;
      while ((end = this._buffer.indexOf("\n")) >= 0) {
        const line = this._buffer.slice(0, end);
        this._buffer = this._buffer.slice(end + 1);
        if (line.trim() === "") continue;
        try { this._handler(JSON.parse(line)); } catch (e) { if (!(e instanceof SyntaxError)) throw e; }
      }
    });
  }

  onMessage(handler) { this._handler = handler; }

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
