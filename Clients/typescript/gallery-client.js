// gallery-rpc's typed client (types in gallery-client.d.ts and protocol.d.ts): requests and
// results, rejections with their codes, and a mirror of the state kept by state/changed.
// Works in a browser (HTTPTransport, through gallery-web) and in Node (node.js: a child
// process over stdio). No dependencies.

/** An RFC 6901 pointer's tokens. */
function tokens(pointer) {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new PatchError(`not a JSON pointer: ${pointer}`);
  return pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** A patch that does not fit the document (the mirror then asks for the whole state). */
export class PatchError extends Error {}

/** Applies RFC 6902 operations (add, remove, replace) in place where it can; answers the new document. */
export function applyPatch(doc, operations) {
  for (const op of operations) {
    const path = tokens(op.path);
    if (path.length === 0) {
      if (op.op === "remove") throw new PatchError("cannot remove the whole document");
      doc = op.value;
      continue;
    }
    let parent = doc;
    // Only own members are walked and written (defineProperty, never `parent[key] = …`), so a
    // path through `__proto__` or `constructor` can never reach a shared prototype.
    for (const token of path.slice(0, -1)) {
      if (parent === null || typeof parent !== "object" || !Object.prototype.hasOwnProperty.call(parent, token)) {
        throw new PatchError(`${op.path}: no ${token}`);
      }
      parent = parent[Array.isArray(parent) ? Number(token) : token];
    }
    const last = path[path.length - 1];
    if (Array.isArray(parent)) {
      const index = last === "-" ? parent.length : /^\d+$/.test(last) ? Number(last) : -1;
      if (index < 0 || index > parent.length || (op.op !== "add" && index === parent.length)) {
        throw new PatchError(`${op.path}: index ${last} out of range`);
      }
      if (op.op === "add") parent.splice(index, 0, op.value);
      else if (op.op === "remove") parent.splice(index, 1);
      else if (op.op === "replace") parent[index] = op.value;
      else throw new PatchError(`unknown operation ${op.op}`);
    } else if (parent !== null && typeof parent === "object") {
      if (op.op === "remove" || op.op === "replace") {
        if (!Object.prototype.hasOwnProperty.call(parent, last)) throw new PatchError(`${op.path}: nothing to ${op.op}`);
      }
      if (op.op === "remove") delete parent[last];
      else if (op.op === "add" || op.op === "replace") {
        Object.defineProperty(parent, last, { value: op.value, writable: true, enumerable: true, configurable: true });
      } else throw new PatchError(`unknown operation ${op.op}`);
    } else {
      throw new PatchError(`${op.path}: the parent is neither object nor array`);
    }
  }
  return doc;
}

/** Whether `change` is a `state/changed` the mirror can use: whole-number versions, a patch. */
function wellFormed(change) {
  return change !== null && typeof change === "object" && Number.isSafeInteger(change.version)
    && Number.isSafeInteger(change.fromVersion) && Array.isArray(change.patch);
}

/** The client's copy of the state: patches in version order; a gap or a bad patch resyncs. */
export class StateMirror {
  /** Changes kept while a resync's `state/get` is awaited; past it they are dropped and the
   * mirror asks again once the answer comes (the state it brings is newer anyway). */
  static maxHeld = 1024;

  constructor() {
    this.state = null;
    this.version = -1;
    this.resyncs = 0;
    /** `state/changed` messages dropped as malformed (no version, a string version, no patch). */
    this.malformed = 0;
    this._again = false;
    this.resync = () => {};
    this._syncing = false;
    this._held = [];
    this._listeners = new Set();
  }

  /** Calls `listener(state, version)` after every change; answers a function that stops it. */
  listen(listener) {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  }

  /** Takes the whole state (`state/get`), then what arrived while it was asked for. */
  load(snapshot) {
    if (snapshot.version >= this.version) {
      this.state = snapshot.value;
      this.version = snapshot.version;
    }
    this._syncing = false;
    const held = this._held;
    this._held = [];
    if (this._again) {
      // Changes were dropped while waiting: the state just loaded may miss some.
      this._again = false;
      this._syncing = true;
      this.resyncs += 1;
      this.resync();
      return;
    }
    for (const change of held) this.changed(change);
    this._announce();
  }

  /** The resync's `state/get` failed: the next change tries again. */
  syncFailed() { this._syncing = false; this._held = []; this._again = false; }

  /** One `state/changed`. */
  changed(change) {
    if (!wellFormed(change)) { this.malformed += 1; return; }
    if (this._syncing) {
      if (this._held.length >= StateMirror.maxHeld) { this._held = []; this._again = true; }
      this._held.push(change);
      return;
    }
    if (change.version <= this.version) return;
    if (change.fromVersion === this.version) {
      try {
        this.state = applyPatch(this.state, change.patch);
        this.version = change.version;
        this._announce();
        return;
      } catch (e) {
        if (!(e instanceof PatchError) && !(e instanceof TypeError)) throw e;
      }
    }
    this._syncing = true;
    this._held.push(change);
    this.resyncs += 1;
    this.resync();
  }

  _announce() { for (const listener of [...this._listeners]) listener(this.state, this.version); }
}

/** An error answer: its JSON-RPC code, message and data. */
export class RequestError extends Error {
  constructor(method, error) {
    super(`${method} failed: ${error.code} ${error.message}${error.data === undefined ? "" : " " + JSON.stringify(error.data)}`);
    this.method = method;
    this.code = error.code;
    this.data = error.data;
  }
}

/** -32010: the action was refused; `reason` is its message code, `arguments` the values its
 * text names (`args` is the same, kept for code written before it). */
export class Rejected extends RequestError {
  get reason() { return (this.data && this.data.code) || ""; }
  get arguments() { return (this.data && this.data.args) || {}; }
  get args() { return this.arguments; }
}

/** Talks to gallery-rpc through a transport; keeps `mirror` equal to the server's state. */
export class GalleryClient {
  constructor(transport, { timeout = 60000 } = {}) {
    this.transport = transport;
    this.timeout = timeout;
    this.mirror = new StateMirror();
    this.mirror.resync = () => this._resync();
    this._nextID = 1;
    this._pending = new Map();
    this._listeners = new Set();
    /** Messages from the server that were not JSON-RPC (ignored). */
    this.malformed = 0;
    transport.onMessage((message) => this._received(message));
    // A transport that can fail (a message past its bound, the process gone) fails every
    // request waiting for an answer at once, with why, instead of letting each time out.
    if (typeof transport.onFailure === "function") transport.onFailure((reason) => this._failPending(reason));
  }

  get state() { return this.mirror.state; }
  get version() { return this.mirror.version; }

  /** `initialize`, `initialized`, and the whole state into the mirror. */
  async start({ initializationOptions, clientName = "gallery-client.js" } = {}) {
    const params = { clientInfo: { name: clientName } };
    if (initializationOptions !== undefined) params.initializationOptions = initializationOptions;
    const result = await this.request("initialize", params);
    this.notify("initialized", {});
    this.mirror.load(await this.request("state/get", {}));
    return result;
  }

  /** Sends `method`; resolves with its result once the mirror shows the answer's version. */
  async request(method, params = {}) {
    const id = this._nextID++;
    const answer = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this._pending.delete(id);
        reject(new Error(`${method}: no answer in ${this.timeout} ms`));
      }, this.timeout);
      this._pending.set(id, (message) => { clearTimeout(timer); resolve(message); });
      this.transport.send({ jsonrpc: "2.0", id, method, params }).catch((e) => {
        this._pending.delete(id);
        clearTimeout(timer);
        reject(e);
      });
    });
    if (answer.error) throw new (answer.error.code === -32010 ? Rejected : RequestError)(method, answer.error);
    const result = answer.result;
    if (method !== "state/get" && result && typeof result.version === "number" && this.mirror.version < result.version) {
      await this.waitFor(() => this.mirror.version >= result.version);
    }
    return result;
  }

  /** Sends a notification (no answer). */
  notify(method, params = {}) {
    this.transport.send({ jsonrpc: "2.0", method, params }).catch(() => {});
  }

  /** Calls `listener(method, params)` for every notification; answers a function that stops it. */
  onNotification(listener) {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  }

  /** Calls `listener(state, version)` after every change of the mirrored state. */
  onChange(listener) { return this.mirror.listen(listener); }

  /** Resolves with the state once `predicate(state)` holds; rejects past the timeout. */
  waitFor(predicate, timeout = this.timeout) {
    return new Promise((resolve, reject) => {
      if (this.mirror.state !== null && predicate(this.mirror.state)) { resolve(this.mirror.state); return; }
      const timer = setTimeout(() => { stop(); reject(new Error(`the state did not get there in ${timeout} ms`)); }, timeout);
      const stop = this.mirror.listen((state) => {
        if (!predicate(state)) return;
        clearTimeout(timer);
        stop();
        resolve(state);
      });
    });
  }

  /** `shutdown` and `exit`, then the transport's own close (the process's exit status, in Node). */
  async close() {
    try {
      await this.request("shutdown", {});
      this.notify("exit", {});
    } catch (e) { /* already gone, or the bridge owns the core's lifetime */ }
    return this.transport.close();
  }

  _failPending(reason) {
    const pending = [...this._pending.values()];
    this._pending.clear();
    for (const callback of pending) callback({ error: { code: -32099, message: reason } });
  }

  _received(message) {
    if (message === null || typeof message !== "object" || Array.isArray(message)) { this.malformed += 1; return; }
    if (message.id !== undefined && message.id !== null && (message.result !== undefined || message.error !== undefined)) {
      const callback = this._pending.get(message.id);
      this._pending.delete(message.id);
      if (callback) callback(message);
      return;
    }
    if (typeof message.method !== "string") return;
    if (message.method === "state/changed") this.mirror.changed(message.params);
    for (const listener of [...this._listeners]) listener(message.method, message.params);
  }

  _resync() {
    this.request("state/get", {}).then((snapshot) => this.mirror.load(snapshot), () => this.mirror.syncFailed());
  }
}

/** gallery-web's transport: `POST /rpc` per message, notifications from `GET /events`. */
export class HTTPTransport {
  constructor({ baseURL = "", token = "" } = {}) {
    this.baseURL = baseURL;
    this.token = token;
    this._handler = () => {};
    this.ready = new Promise((resolve) => {
      this.events = new EventSource(`${baseURL}/events?token=${encodeURIComponent(token)}`);
      // The stream's id: each page's events/subscribe is its own, kept for this stream.
      this.events.addEventListener("hello", (e) => {
        try { this.stream = JSON.parse(e.data).stream; } catch { this.stream = undefined; }
        resolve();
      });
      this.events.onmessage = (e) => this._handler(JSON.parse(e.data));
    });
  }

  onMessage(handler) { this._handler = handler; }

  async send(message) {
    await this.ready;
    const response = await fetch(`${this.baseURL}/rpc`, {
      method: "POST",
      headers: {
        "X-Gallery-Token": this.token, "Content-Type": "application/json",
        ...(this.stream === undefined ? {} : { "X-Gallery-Stream": String(this.stream) }),
      },
      body: JSON.stringify(message),
    });
    if (response.status === 204) return;
    if (!response.ok) throw new Error(`${message.method}: HTTP ${response.status} ${await response.text()}`);
    this._handler(await response.json());
  }

  close() { this.events.close(); return Promise.resolve(0); }
}
