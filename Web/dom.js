// A tiny DOM reconciler: the page's only machinery besides the client (gallery-client.js, which
// keeps the state). Nothing here knows the app.
"use strict";

/** A virtual node: h("div", {class: "x", onclick: f}, child, "text", [more]). */
function h(tag, props, ...children) {
  const flat = children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false);
  return { tag, props: props || {}, children: flat.map((c) => (typeof c === "object" ? c : { text: String(c) })) };
}

function setProps(el, old, props) {
  for (const k of Object.keys(old)) {
    if (k in props) continue;
    if (k.startsWith("on")) el[k.toLowerCase()] = null;
    else if (k !== "value" && k !== "key") el.removeAttribute(k);
  }
  for (const [k, v] of Object.entries(props)) {
    if (k === "key") el.dataset.key = v;
    else if (k.startsWith("on")) el[k.toLowerCase()] = v;
    else if (k === "value") { if (el.value !== String(v ?? "")) el.value = v ?? ""; }
    else if (k === "checked" || k === "disabled" || k === "selected") el[k] = !!v;
    else if (v === false || v === null || v === undefined) el.removeAttribute(k);
    else if (old[k] !== v || el.getAttribute(k) !== String(v)) el.setAttribute(k, v === true ? "" : v);
  }
}

function create(v) {
  if (v.text !== undefined) return document.createTextNode(v.text);
  const el = document.createElement(v.tag);
  setProps(el, {}, v.props);
  for (const c of v.children) el.appendChild(create(c));
  return el;
}

/** Makes `parent`'s children match `next`, reusing elements (so inputs keep focus and caret). */
function reconcile(parent, previous, next) {
  const nodes = Array.from(parent.childNodes);
  for (let i = 0; i < next.length; i++) {
    const o = previous[i], n = next[i], el = nodes[i];
    if (!o || !el) { parent.appendChild(create(n)); continue; }
    const sameText = o.text !== undefined && n.text !== undefined;
    if (sameText) { if (o.text !== n.text) el.nodeValue = n.text; continue; }
    if (o.text !== undefined || n.text !== undefined || o.tag !== n.tag || o.props.key !== n.props.key) {
      parent.replaceChild(create(n), el);
      continue;
    }
    setProps(el, o.props, n.props);
    reconcile(el, o.children, n.children);
  }
  for (let i = nodes.length - 1; i >= next.length; i--) parent.removeChild(nodes[i]);
}
