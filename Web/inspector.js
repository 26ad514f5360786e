// The inspector: time travel over a log or a bug-report bundle (gallery-web --inspect), and
// the live page's History panel. Everything comes from the core: events/read for the list,
// history/stateAt for the state at a seq (and the one before, for what the event changed),
// history/changes for the events that set a value. Only what is on screen is asked for, so
// a log of a million events stays quick.

const insp = {
  started: false, lastSeq: 0, seq: 0, events: [], typeFilter: "", search: "",
  tree: null, changed: [], open: new Set([""]), picked: null, changedBy: null, follow: false,
  busy: false, pending: null,
};

const WINDOW = 200;     // events listed around the selected one
const MAX_CHANGES = 300; // changed pointers shown for one event

async function inspectorStart() {
  if (insp.started) return;
  insp.started = true;
  const head = await rpc("events/read", { from: 1, limit: 1 });
  insp.lastSeq = head ? head.lastSeq : 0;
  await inspectorGo(insp.lastSeq);
}

/** Shows the state right after event `seq` (0: the initial state); one load at a time, the
 * newest wish wins. */
async function inspectorGo(seq) {
  seq = Math.max(0, Math.min(insp.lastSeq, seq | 0));
  if (insp.busy) { insp.pending = seq; return; }
  insp.busy = true;
  try {
    insp.seq = seq;
    const from = Math.max(1, Math.min(seq - WINDOW / 2, insp.lastSeq - WINDOW + 1));
    const [list, after, before] = await Promise.all([
      send("events/read", { from, limit: WINDOW }),
      send("history/stateAt", { seq }),
      seq > 0 ? send("history/stateAt", { seq: seq - 1 }) : Promise.resolve(null),
    ]);
    if (list) { insp.events = list.events; insp.lastSeq = Math.max(insp.lastSeq, list.lastSeq); }
    insp.tree = after ? after.value : null;
    insp.changed = [];
    if (after && before) diff(before.value, after.value, "", insp.changed);
    // The path down to every change is open, so the change shows in the tree.
    for (const c of insp.changed) {
      const parts = c.path.split("/");
      for (let k = 1; k < parts.length; k++) insp.open.add(parts.slice(0, k).join("/"));
    }
  } finally {
    insp.busy = false;
  }
  render();
  // The selected event stays in sight in the list.
  const selected = document.querySelector("#inspector .event.selected");
  if (selected) selected.scrollIntoView({ block: "nearest" });
  if (insp.pending !== null) { const next = insp.pending; insp.pending = null; inspectorGo(next); }
}

/** The pointers where `a` and `b` differ (RFC 6902 ops, without values), at most MAX_CHANGES. */
function diff(a, b, path, out) {
  if (out.length >= MAX_CHANGES) return;
  const isObject = (v) => v !== null && typeof v === "object";
  if (isObject(a) && isObject(b) && Array.isArray(a) === Array.isArray(b)) {
    const keys = Array.isArray(a)
      ? [...Array(Math.max(a.length, b.length)).keys()].map(String)
      : [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const child = path + "/" + k.replace(/~/g, "~0").replace(/\//g, "~1");
      if (!(k in a)) out.push({ op: "add", path: child });
      else if (!(k in b)) out.push({ op: "remove", path: child });
      else diff(a[k], b[k], child, out);
      if (out.length >= MAX_CHANGES) return;
    }
  } else if (JSON.stringify(a) !== JSON.stringify(b)) {
    out.push({ op: "replace", path });
  }
}

async function inspectorChangedBy(pointer) {
  insp.picked = pointer;
  insp.changedBy = null;
  render();
  const answer = await send("history/changes", { pointer, to: insp.lastSeq, limit: 200 });
  if (insp.picked !== pointer) return;
  insp.changedBy = answer ? answer : { changes: [], from: 0 };
  render();
}

/** A new version of the live state: in follow mode the newest event is shown. */
function inspectorFollow(version) {
  if (!insp.started) return;
  insp.lastSeq = Math.max(insp.lastSeq, version);
  if (insp.follow) inspectorGo(insp.lastSeq); else scheduleRender();
}

function clock(time) { return (time || "").slice(11, 23); }

function eventRow(e) {
  return h("li", { class: e.seq === insp.seq ? "event selected" : "event", "data-seq": String(e.seq),
    onclick: () => inspectorGo(e.seq) },
    h("span", { class: "seq" }, String(e.seq)), h("span", { class: "time" }, clock(e.time)),
    h("span", { class: "type" }, e.type));
}

function shownEvents() {
  const text = insp.search.toLowerCase();
  return insp.events.filter((e) => (!insp.typeFilter || e.type === insp.typeFilter)
    && (!text || e.type.toLowerCase().includes(text) || JSON.stringify(e.data).toLowerCase().includes(text)));
}

function treeNode(key, value, pointer) {
  const changed = insp.changed.some((c) => c.path === pointer);
  const under = insp.changed.some((c) => c.path.startsWith(pointer + "/"));
  const label = h("span", { class: "key" }, key);
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    const open = insp.open.has(pointer);
    return h("details", { class: changed ? "node changed" : under ? "node under" : "node", open,
      "data-pointer": pointer,
      ontoggle: (e) => { if (e.target.open) insp.open.add(pointer); else insp.open.delete(pointer);
        if (e.target.open !== open) render(); } },
      h("summary", null, label, h("span", { class: "count" }, Array.isArray(value) ? `[${value.length}]` : `{${entries.length}}`),
        h("button", { class: "why", title: t("changedBy"), onclick: (e) => { e.preventDefault(); inspectorChangedBy(pointer); } }, "?")),
      open ? entries.map(([k, v]) => treeNode(k, v, pointer + "/" + k.replace(/~/g, "~0").replace(/\//g, "~1"))) : null);
  }
  return h("div", { class: changed ? "leaf changed" : "leaf", "data-pointer": pointer },
    label, h("span", { class: "value", onclick: () => inspectorChangedBy(pointer) }, JSON.stringify(value)));
}

function inspector(live) {
  if (!insp.started) inspectorStart();
  const types = [...new Set(insp.events.map((e) => e.type))].sort();
  const current = insp.events.find((e) => e.seq === insp.seq);
  return h("section", { class: "inspector", id: "inspector" },
    h("div", { class: "timeline" },
      h("div", { class: "steps" },
        h("button", { id: "first", title: t("initialState"), onclick: () => inspectorGo(0) }, "«"),
        h("button", { id: "prev", onclick: () => inspectorGo(insp.seq - 1) }, "◀"),
        h("input", { id: "slider", type: "range", min: "0", max: String(insp.lastSeq), value: String(insp.seq),
          onchange: (e) => inspectorGo(Number(e.target.value)) }),
        h("button", { id: "next", onclick: () => inspectorGo(insp.seq + 1) }, "▶"),
        h("button", { id: "last", title: t("lastEvent"), onclick: () => inspectorGo(insp.lastSeq) }, "»"),
        h("span", { class: "position" }, `seq ${insp.seq} / ${insp.lastSeq}`),
        live ? h("label", { class: "follow" }, h("input", { type: "checkbox", id: "follow", checked: insp.follow,
          onchange: (e) => { insp.follow = e.target.checked; if (insp.follow) inspectorGo(insp.lastSeq); } }), " " + t("follow")) : null),
      h("div", { class: "filters" },
        h("select", { id: "type-filter", onchange: (e) => { insp.typeFilter = e.target.value; render(); } },
          h("option", { value: "", selected: insp.typeFilter === "" }, t("everyType")),
          types.map((t) => h("option", { value: t, selected: insp.typeFilter === t }, t))),
        h("input", { id: "event-search", type: "search", placeholder: t("searchEvents"), value: insp.search,
          oninput: (e) => { insp.search = e.target.value; render(); } })),
      h("ol", { class: "events" }, shownEvents().map(eventRow))),
    h("div", { class: "state" },
      h("h2", null, current ? `${t("after")} ${current.seq} ${current.type}` : insp.seq === 0 ? t("initialState") : `${t("afterSeq")} ${insp.seq}`),
      current ? h("pre", { class: "event-data" }, JSON.stringify(current.data)) : null,
      h("div", { class: "patch", id: "patch" }, insp.changed.length === 0 ? h("p", null, t("noVisibleChange"))
        : insp.changed.map((c) => h("div", { class: "op " + c.op }, c.op, " ", h("code", null, c.path)))),
      insp.picked !== null ? h("div", { class: "changed-by", id: "changed-by" },
        h("h3", null, t("changedBy") + " ", h("code", null, insp.picked || "/")),
        insp.changedBy === null ? h("p", null, "…") : insp.changedBy.changes.length === 0 ? h("p", null, `${t("nothingSince")} ${insp.changedBy.from}`)
          : h("ul", null, insp.changedBy.changes.map((c) => h("li", null,
            h("a", { href: "#", "data-seq": String(c.seq), onclick: (e) => { e.preventDefault(); inspectorGo(c.seq); } },
              `${c.seq} ${c.type}`), " ", h("span", { class: "time" }, clock(c.time)))))) : null,
      h("div", { class: "tree" }, insp.tree === null ? h("p", null, "…") : treeNode("state", insp.tree, ""))));
}
