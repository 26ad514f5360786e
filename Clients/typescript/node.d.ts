// Node's side of the client: a gallery-rpc child process over stdio.
import type { GalleryClient, Transport } from "./gallery-client";

export * from "./gallery-client";

/** The longest message taken from the server, in characters (64 MiB). */
export declare const maxMessageLength: number;

/** `gallery-rpc serve --framing ndjson ARGS` as a child process. `binary` defaults to the
 * `GALLERY_RPC` environment variable, else `gallery-rpc` on the PATH. A message longer than
 * `maxLength` is dropped and every request waiting is failed, saying so. */
export declare class ProcessTransport implements Transport {
  constructor(binary?: string, args?: string[], options?: { maxLength?: number });
  readonly exited: Promise<number>;
  /** Lines that were not JSON, or too long, or that a handler choked on. */
  readonly dropped: number;
  onMessage(handler: (message: any) => void): void;
  onFailure(handler: (reason: string) => void): void;
  send(message: object): Promise<void>;
  close(): Promise<number>;
}

/** A client of a new child; `dataDir: "temporary"` makes a directory removed at close;
 * `binary` defaults to `GALLERY_RPC`, else `gallery-rpc` on the PATH. */
export declare function spawnGallery(options?: {
  binary?: string;
  args?: string[];
  dataDir?: string;
  timeout?: number;
}): GalleryClient;

/** One event line of a rerun's report. */
export interface RerunLine {
  type: string;
  data: any;
}

/** What `gallery-rpc rerun` found. */
export interface RerunReport {
  /** Recorded events compared. */
  events: number;
  /** Seqs where the recording restarted and this build's start-up decided the same. */
  restarts: number[];
  /** The first difference; absent when every decision was the same. */
  divergence?: {
    seq: number;
    recorded?: RerunLine;
    made?: RerunLine;
    reason: string;
    input?: { seq: number; type: string; method: string };
  };
}

/** `gallery-rpc rerun PATH --format json`: resolves to its status (0 the same decisions, 1 a
 * divergence) and report; rejects on a recording it cannot read (2) or a newer build's (3). */
export declare function rerun(
  path: string,
  options?: { binary?: string; until?: number },
): Promise<{ status: 0 | 1; report: RerunReport }>;
