// The typed surface of gallery-client.js; the protocol's own types are generated into
// protocol.d.ts (Tools/clients/generate.py) and re-exported here.
import type {
  ClientNotifications, MessageArguments, MessageCode, Methods, PatchOperation, ServerNotifications, State, StateChanged,
} from "./protocol";

export * from "./protocol";

/** A patch that does not fit the document. */
export declare class PatchError extends Error {}

/** Applies RFC 6902 operations (add, remove, replace); answers the new document. */
export declare function applyPatch<T>(doc: T, operations: ReadonlyArray<PatchOperation>): T;

/** The client's copy of the state, kept by `state/changed` in version order. */
export declare class StateMirror {
  /** null until the first `state/get` arrives. */
  readonly state: State | null;
  readonly version: number;
  /** How many times a gap or a bad patch made it ask for the whole state. */
  readonly resyncs: number;
  /** `state/changed` messages dropped as malformed (no whole-number versions, no patch). */
  readonly malformed: number;
  /** Changes kept while a resync is awaited (1024); past it they are dropped and the mirror asks again. */
  static maxHeld: number;
  resync: () => void;
  listen(listener: (state: State, version: number) => void): () => void;
  load(snapshot: { value: unknown; version: number }): void;
  syncFailed(): void;
  changed(change: StateChanged): void;
}

/** An error answer. */
export declare class RequestError extends Error {
  readonly method: string;
  readonly code: number;
  readonly data: unknown;
}

/** -32010: the action was refused, with its message code and the values its text names
 * (`reason` and `arguments`, the same two names as the Python client's). */
export declare class Rejected extends RequestError {
  readonly reason: MessageCode;
  readonly arguments: { [name: string]: string };
  /** The same as `arguments`, kept for code written before it. */
  readonly args: { [name: string]: string };
}

/** What carries messages: a child's stdio (node.js) or gallery-web (HTTPTransport). */
export interface Transport {
  onMessage(handler: (message: any) => void): void;
  /** Optional: `handler(reason)` when what is waited for cannot come (every pending request fails). */
  onFailure?(handler: (reason: string) => void): void;
  send(message: object): Promise<void>;
  close(): Promise<number>;
}

/** A method's params as arguments: optional when every member is. */
type ParamsOf<M extends keyof Methods> = {} extends Methods[M]["params"]
  ? [params?: Methods[M]["params"]]
  : [params: Methods[M]["params"]];

/** Requests typed per method, notifications, and the mirrored state. */
export declare class GalleryClient {
  constructor(transport: Transport, options?: { timeout?: number });
  readonly transport: Transport;
  readonly mirror: StateMirror;
  /** Messages from the server that were not JSON-RPC objects (ignored). */
  readonly malformed: number;
  /** The mirrored state (null before `start`). */
  readonly state: State | null;
  readonly version: number;
  start(options?: {
    initializationOptions?: NonNullable<Methods["initialize"]["params"]["initializationOptions"]>;
    clientName?: string;
  }): Promise<Methods["initialize"]["result"]>;
  /** Resolves with the result once the mirror shows the answer's state; rejects with RequestError or Rejected. */
  request<M extends keyof Methods>(method: M, ...params: ParamsOf<M>): Promise<Methods[M]["result"]>;
  notify<N extends keyof ClientNotifications>(method: N, params?: ClientNotifications[N]): void;
  onNotification(listener: (method: keyof ServerNotifications | string, params: unknown) => void): () => void;
  onChange(listener: (state: State, version: number) => void): () => void;
  waitFor(predicate: (state: State) => boolean, timeout?: number): Promise<State>;
  close(): Promise<number>;
}

/** gallery-web's transport (a browser page): `POST /rpc`, `GET /events`. */
export declare class HTTPTransport implements Transport {
  constructor(options?: { baseURL?: string; token?: string });
  /** This page's `/events` stream (its hello's id: 32 hex digits, unguessable), sent as
   * `X-Gallery-Stream`: the page's `events/subscribe` is its own. */
  readonly stream: string | undefined;
  onMessage(handler: (message: any) => void): void;
  send(message: object): Promise<void>;
  close(): Promise<number>;
}

/** The message codes a method's rejection (-32010) can carry. */
export type RejectionOf<M extends keyof Methods> = Methods[M]["rejections"];

/** The arguments of a message code, by code. */
export type ArgumentsOf<C extends MessageCode> = MessageArguments[C];
