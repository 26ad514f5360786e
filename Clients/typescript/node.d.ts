// Node's side of the client: a gallery-rpc child process over stdio.
import type { GalleryClient, Transport } from "./gallery-client";

export * from "./gallery-client";

/** `gallery-rpc serve --framing ndjson ARGS` as a child process. */
export declare class ProcessTransport implements Transport {
  constructor(binary?: string, args?: string[]);
  readonly exited: Promise<number>;
  onMessage(handler: (message: any) => void): void;
  send(message: object): Promise<void>;
  close(): Promise<number>;
}

/** A client of a new child; `dataDir: "temporary"` makes a directory removed at close. */
export declare function spawnGallery(options?: {
  binary?: string;
  args?: string[];
  dataDir?: string;
  timeout?: number;
}): GalleryClient;
