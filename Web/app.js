// The reference web frontend. It renders gallery-rpc's state and sends actions; it holds no
// app logic: validation, paging, retries, messages and their language all come from the core.
"use strict";

const token = new URLSearchParams(location.search).get("token") || "";
let client = null;           // gallery-client.js's GalleryClient: it keeps the state
let state = null;            // the client's mirrored state, as last rendered
let toast = null;            // the last refused request's message
let tree = [];               // the last rendered virtual nodes
let uploads = 0;             // numbers each upload's progress token
const progress = {};         // $/progress by token
let readOnly = false;        // gallery-web --inspect: a recorded session, shown in the inspector
let historyOpen = false;     // the live page's History panel (view state only)
let demoAccount = null;      // the demo backend's account, shown as a hint on the sign-in screen
let chosenFile = "";        // the name of the picture picked for an upload (view state only)

const labels = {
  en: { signIn: "Sign in", email: "Email", password: "Password", createAccount: "Create an account",
    register: "Register", age: "Age", back: "Back", retry: "Retry", photos: "Photos", albums: "Albums",
    account: "Account", video: "Video", settings: "Settings", signOut: "Sign out", search: "Search photos",
    searchAlbums: "Search albums or owners", online: "Online", offline: "Offline", loadingMore: "Loading more…",
    loading: "Loading…", offlineCopy: "Offline: showing the last photos saved.", imgurSignIn: "Sign in with Imgur",
    continueDemo: "Continue (demo account)", pasteRedirect: "Paste the address the browser landed on",
    complete: "Complete sign-in", upload: "Upload", title: "Title", delete: "Delete", loadImages: "Reload images",
    playRandom: "Play a random video", appearance: "Appearance", language: "Language", pageSize: "Page size",
    prefetchDistance: "Prefetch distance (rows)", cache: "Image cache (MB)", providers: "Providers",
    by: "by", likes: "likes", openSource: "Open on the provider's site", original: "Full-size original", system: "System", light: "Light",
    dark: "Dark", noMore: "That is all.", refresh: "Refresh", uploading: "Uploading", history: "History",
    signOutImgur: "Sign out of the account", demoHint: "Demo account:", favorites: "Favorites",
    keep: "Keep in favorites", kept: "In favorites (remove)", remove: "Remove",
    noFavorites: "No favorites yet: tap the heart on any photo to keep it here.",
    emptyHint: "Try another word, or clear the search to see every photo.",
    accountAbout: "Your Imgur account: sign in to see the images you posted, upload new ones and delete them.",
    chooseFile: "Choose an image…", noFileChosen: "No image chosen",
    initialState: "the initial state", lastEvent: "the last event", follow: "follow", everyType: "every type",
    searchEvents: "search events", after: "after", afterSeq: "after seq", noVisibleChange: "no visible change",
    changedBy: "changed by", nothingSince: "nothing since seq", goOffline: "Work offline: no request goes out",
    goOnline: "Go back online", inspectorReadOnly: "Inspector (read only)", cancel: "Cancel" },
  es: { signIn: "Iniciar sesión", email: "Correo", password: "Contraseña", createAccount: "Crear una cuenta",
    register: "Registrarse", age: "Edad", back: "Atrás", retry: "Reintentar", photos: "Fotos", albums: "Álbumes",
    account: "Cuenta", video: "Vídeo", settings: "Ajustes", signOut: "Cerrar sesión", search: "Buscar fotos",
    searchAlbums: "Buscar álbumes o autores", online: "En línea", offline: "Sin conexión",
    loadingMore: "Cargando más…", loading: "Cargando…", offlineCopy: "Sin conexión: se muestran las últimas fotos guardadas.",
    imgurSignIn: "Entrar con Imgur", continueDemo: "Continuar (cuenta de demostración)",
    pasteRedirect: "Pega la dirección a la que llegó el navegador", complete: "Completar el inicio de sesión",
    upload: "Subir", title: "Título", delete: "Eliminar", loadImages: "Recargar imágenes",
    playRandom: "Reproducir un vídeo al azar", appearance: "Apariencia", language: "Idioma",
    pageSize: "Tamaño de página", prefetchDistance: "Distancia de precarga (filas)", cache: "Caché de imágenes (MB)",
    providers: "Proveedores", by: "de", likes: "me gusta", openSource: "Abrir en el sitio del proveedor", original: "Original a tamaño completo",
    system: "Sistema", light: "Claro", dark: "Oscuro", noMore: "No hay más.", refresh: "Actualizar", uploading: "Subiendo",
    history: "Historial", signOutImgur: "Salir de la cuenta", demoHint: "Cuenta de demostración:", favorites: "Favoritos",
    keep: "Guardar en favoritos", kept: "En favoritos (quitar)", remove: "Quitar",
    noFavorites: "Aún no tienes favoritos: toca el corazón de cualquier foto para guardarla aquí.",
    emptyHint: "Prueba con otra palabra, o borra la búsqueda para ver todas las fotos.",
    accountAbout: "Tu cuenta de Imgur: inicia sesión para ver las imágenes que publicaste, subir otras y borrarlas.",
    chooseFile: "Elegir una imagen…", noFileChosen: "Ninguna imagen elegida",
    initialState: "el estado inicial", lastEvent: "el último evento", follow: "seguir", everyType: "todos los tipos",
    searchEvents: "buscar eventos", after: "tras", afterSeq: "tras el evento", noVisibleChange: "ningún cambio visible",
    changedBy: "cambiado por", nothingSince: "nada desde el evento", goOffline: "Trabajar sin conexión: no sale ninguna petición",
    goOnline: "Volver a estar en línea", inspectorReadOnly: "Inspector (solo lectura)", cancel: "Cancelar" },
};
const t = (key) => (labels[state?.settings?.language] || labels.en)[key];

// ---- the wire ----

/** Sends a request through the bridge; answers its result, shows a refusal's message.
 * Requests go one after another: each POST is its own connection, so two in flight could
 * reach the core in either order, and keystrokes must arrive as typed. */
let inOrder = Promise.resolve();
function rpc(method, params) {
  const sent = inOrder.then(() => send(method, params));
  inOrder = sent.catch(() => null);
  return sent;
}

async function send(method, params) {
  try {
    return await client.request(method, params);
  } catch (e) {
    const data = e.data;
    showToast(data && data.message ? data.message : typeof data === "string" ? data : e.message);
    return null;
  }
}

function showToast(text) { toast = text; render(); setTimeout(() => { if (toast === text) { toast = null; render(); } }, 6000); }

/** Starts the client over the bridge (HTTP and its event stream); every change re-renders. */
async function connect() {
  const { GalleryClient, HTTPTransport } = await import("/gallery-client.js");
  client = new GalleryClient(new HTTPTransport({ token }));
  client.onChange((next, version) => { state = next; inspectorFollow(version); scheduleRender(); });
  client.onNotification((method, params) => {
    if (method === "$/progress") { progress[params.token] = params.value; scheduleRender(); }
  });
  const init = await client.start({ clientName: "gallery-web" });
  readOnly = !!(init && init.capabilities && init.capabilities.readOnly);
  demoAccount = (init && init.capabilities && init.capabilities.demoAccount) || null;
  state = client.state;
  render();
}

// ---- what is on screen: thumbnails load while visible, more photos near the end ----

const pendingPrefetch = new Set(), pendingCancel = new Set();
let flushQueued = false;
function queue(set, key, other) {
  other.delete(key);
  set.add(key);
  if (!flushQueued) { flushQueued = true; queueMicrotask(flushVisibility); }
}
function flushVisibility() {
  flushQueued = false;
  if (pendingPrefetch.size) rpc("images/prefetch", { keys: [...pendingPrefetch] });
  if (pendingCancel.size) rpc("images/cancel", { keys: [...pendingCancel] });
  pendingPrefetch.clear();
  pendingCancel.clear();
}
let visibility = null;
function observeVisibility() {
  const rows = state?.settings?.prefetchDistance ?? 2;
  const margin = `${Math.max(1, rows) * 200}px`;
  if (!visibility || visibility.margin !== margin) {
    visibility?.disconnect();
    visibility = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const key = entry.target.dataset.key;
        if (entry.target.classList.contains("more")) { if (entry.isIntersecting) loadMore(); continue; }
        if (entry.isIntersecting) { if (entry.target.dataset.status === "notRequested") queue(pendingPrefetch, key, pendingCancel); }
        else if (entry.target.dataset.status === "loading") queue(pendingCancel, key, pendingPrefetch);
      }
    }, { rootMargin: margin });
    visibility.margin = margin;
  }
  for (const el of document.querySelectorAll("[data-observe]")) {
    if (el.dataset.observed !== el.dataset.key) { visibility.unobserve(el); visibility.observe(el); el.dataset.observed = el.dataset.key; }
  }
}
function loadMore() {
  const feed = state.feed;
  if (feed.hasMore && feed.status === "loaded" && !feed.isOfflineCopy) rpc("feed/loadMore");
}

// ---- rendering ----

let renderQueued = false;
function scheduleRender() { if (!renderQueued) { renderQueued = true; requestAnimationFrame(() => { renderQueued = false; render(); }); } }

function render() {
  if (!state) return;
  const appearance = state.settings.appearance;
  const dark = appearance === "dark" || (appearance === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.body.classList.toggle("dark", dark);
  document.documentElement.lang = state.settings.language;
  const next = [screen(), toast ? h("div", { class: "toast", role: "alert" }, toast) : null].filter(Boolean);
  const root = document.getElementById("app");
  if (!tree.length) root.textContent = "";
  reconcile(root, tree, next);
  tree = next;
  observeVisibility();
  const sentinel = document.querySelector(".more");
  if (sentinel && sentinel.getBoundingClientRect().top < innerHeight + 400) loadMore();
}

function screen() {
  if (readOnly) return h("main", { class: "inspecting" }, h("h1", null, t("inspectorReadOnly")), inspector(false));
  if (historyOpen) return h("div", { class: "home" }, h("header", null,
    h("button", { class: "link", id: "close-history", onclick: () => { historyOpen = false; render(); } }, "← " + t("back"))),
    inspector(true));
  const top = state.route[state.route.length - 1] || { screen: "login" };
  switch (top.screen) {
    case "login": return login();
    case "registration": return registration();
    // Screens pushed from a tab keep the tab bar.
    case "detail": return withTabs(detail());
    case "album": return withTabs(album());
    case "photo": return withTabs(photo());
    case "favorite": return withTabs(favorite());
    default: return home();
  }
}

// One retry for everything: a retryable message carries the call that retries it.
const message = (m) => m ? h("p", { class: "error", role: "alert", "data-code": m.code }, m.message,
  m.retry ? [" ", h("button", { class: "retry", onclick: () => rpc(m.retry.method, m.retry.params) }, t("retry"))] : null) : null;
const notice = (m) => m ? h("p", { class: "notice", "data-code": m.code }, m.message,
  m.retry ? [" ", h("button", { class: "retry", onclick: () => rpc(m.retry.method, m.retry.params) }, t("retry"))] : null) : null;
const imageURL = (image) => image && image.status === "loaded" ? `/data/${image.path}?token=${encodeURIComponent(token)}` : null;
// The demo provider's demo:// links name files the bridge serves at /demo/… (its clips and photos).
const playable = (url) => url && url.startsWith("demo://") ? `/demo/${url.slice(7)}?token=${encodeURIComponent(token)}` : url;

// A password field's text, by form: the core holds only its length, so the page keeps what
// was typed (view state) and shows it while the core's length agrees. A field the core empties
// (a form reset, a sign-out) is emptied here too.
const passwordTexts = {}, passwordLengths = {};

// Each form's fields are its own elements (keyed by form), so a field never shows what was
// typed into another form's: every field shows the core's value.
function field(form, name, label, f, method, type) {
  let value = { value: f.value };
  if (type === "password") {
    const typed = passwordTexts[form] || "";
    const emptied = (passwordLengths[form] || 0) > 0 && f.length === 0;
    passwordLengths[form] = f.length;
    if (emptied) passwordTexts[form] = "";
    // While a keystroke is on its way the lengths differ: the field is left as typed.
    value = emptied ? { value: "" } : f.length === typed.length ? { value: typed } : {};
  }
  const send = (e) => {
    if (type === "password") passwordTexts[form] = e.target.value;
    rpc(method, { value: e.target.value });
  };
  return h("label", { class: "field", key: `${form}.${name}` }, label,
    h("input", Object.assign({ name, type: type || "text", autocomplete: "off", "aria-invalid": f.error ? "true" : "false",
      oninput: send }, value)),
    f.error ? h("span", { class: "field-error", "data-code": f.error.code }, f.error.message) : null);
}

function login() {
  const form = state.login;
  return h("main", { class: "auth", id: "login" },
    h("h1", null, t("signIn")),
    h("form", { onsubmit: (e) => { e.preventDefault(); rpc("auth/submitLogin"); } },
      field("login", "email", t("email"), form.email, "auth/setEmail", "email"),
      field("login", "password", t("password"), form.password, "auth/setPassword", "password"),
      message(form.error),
      h("button", { type: "submit", class: "primary", disabled: form.isSubmitting }, form.isSubmitting ? t("loading") : t("signIn"))),
    demoAccount ? h("p", { class: "hint", id: "demo-hint" }, `${t("demoHint")} ${demoAccount.email} / ${demoAccount.password}`) : null,
    h("button", { class: "link", onclick: () => rpc("registration/open") }, t("createAccount")));
}

function registration() {
  const form = state.registration;
  return h("main", { class: "auth", id: "registration" },
    h("h1", null, t("createAccount")),
    h("form", { onsubmit: (e) => { e.preventDefault(); rpc("registration/submit"); } },
      field("registration", "email", t("email"), form.email, "registration/setEmail", "email"),
      field("registration", "password", t("password"), form.password, "registration/setPassword", "password"),
      field("registration", "age", t("age"), form.age, "registration/setAge", "text"),
      message(form.error),
      h("button", { type: "submit", class: "primary", disabled: form.isSubmitting }, t("register"))),
    h("button", { class: "link", onclick: () => rpc("nav/back") }, t("back")));
}

function header() {
  const online = state.connectivity === "online";
  return h("header", null,
    h("nav", null, ["photos", "albums", "account", "video", "favorites", "settings"].map((name) =>
      h("button", { class: name === currentTab() ? "tab active" : "tab", "data-tab": name,
        onclick: () => rpc("nav/open", { screen: name === "photos" ? "feed" : name }) }, t(name)))),
    h("button", { class: online ? "badge online" : "badge offline", title: online ? t("goOffline") : t("goOnline"),
      onclick: () => rpc("connectivity/set", { online: !online }) }, online ? t("online") : t("offline")),
    unreachable(),
    h("button", { class: "link", id: "open-history", onclick: () => { historyOpen = true; render(); } }, t("history")),
    h("span", { class: "who" }, state.session.email || ""),
    // Only a signed-in session can sign out (an app without sign-in shows none).
    state.session.status === "signedIn" ? h("button", { class: "link", onclick: () => rpc("auth/logout") }, t("signOut")) : null);
}

// What the core could not reach: shown, never obeyed (the next load tries again).
function unreachable() {
  const areas = Object.keys(state.unreachable || {});
  if (areas.length === 0) return null;
  const first = state.unreachable[areas[0]];
  return h("span", { class: "badge offline", id: "unreachable", title: first.since || "" },
    areas.join(", ") + ": " + first.message.message);
}

// The tab is the root of the core's route (nav/open makes it; the core loads a tab when first shown).
function currentTab() {
  const root = (state.route[0] || {}).screen;
  return root === "home" || !root ? "photos" : root;
}

const withTabs = (body) => h("div", { class: "home" }, header(), body);

function home() {
  const tab = currentTab();
  const body = ({ photos, albums, account, video, favorites, settings }[tab] || photos)();
  return h("div", { class: "home" }, header(), h("main", { id: tab }, body));
}

function thumb(item, image, onclick, caption, color, heartKey) {
  const src = imageURL(image);
  return h("figure", { class: "cell", key: item.key, "data-observe": "", "data-status": image.status,
    style: `background:${color || "#8884"}`, onclick },
    src ? h("img", { src, alt: caption || "" }) : h("div", { class: "placeholder" }, image.status === "loading" ? "…" : ""),
    image.status === "failed" ? h("button", { class: "retry", onclick: (e) => { e.stopPropagation(); rpc("images/retry", { key: item.key }); } }, t("retry")) : null,
    heartKey ? heart(heartKey) : null,
    caption ? h("figcaption", null, caption) : null);
}

// A heart on any photo: the core keeps it as its screen shows it (favorites/add), or forgets it.
function heart(key) {
  const kept = state.favorites.items.some((item) => item.card.source === key);
  return h("button", { class: kept ? "heart kept" : "heart", "data-key": key, title: kept ? t("kept") : t("keep"),
    "aria-pressed": kept ? "true" : "false",
    onclick: (e) => { e.stopPropagation(); rpc(kept ? "favorites/remove" : "favorites/add", { key }); } }, kept ? "♥" : "♡");
}

function photos() {
  const feed = state.feed;
  return [
    h("div", { class: "toolbar" },
      h("input", { class: "search", type: "search", placeholder: t("search"), value: feed.query,
        oninput: (e) => rpc("feed/setQuery", { text: e.target.value }) }),
      h("button", { class: "refresh", onclick: () => rpc("feed/refresh") }, t("refresh"))),
    feed.isOfflineCopy ? h("p", { class: "notice offline-copy" }, t("offlineCopy")) : null,
    message(feed.error),
    notice(feed.emptyNotice),
    feed.emptyNotice && feed.activeQuery ? h("p", { class: "hint" }, t("emptyHint")) : null,
    feed.status === "loading" || feed.status === "refreshing" ? h("p", { class: "status" }, t("loading")) : null,
    h("div", { class: "grid" }, feed.items.map((item) =>
      thumb(item, item.thumbnail, () => rpc("feed/openDetail", { key: item.key }), item.photo.author, item.photo.averageColor, item.key))),
    feed.items.length ? h("p", { class: "more", key: "more", "data-observe": "" }, feed.hasMore ? t("loadingMore") : t("noMore")) : null,
  ];
}

function detail() {
  const d = state.detail;
  if (!d) return h("main", null, h("button", { onclick: () => rpc("nav/back") }, t("back")));
  const src = imageURL(d.image) || imageURL(state.feed.items.find((i) => i.key === d.key)?.thumbnail);
  // The picture on the left, what is known of it on the right (one column on a narrow screen).
  return h("main", { id: "detail", class: "detail" },
    h("button", { class: "back", onclick: () => rpc("detail/close") }, "← " + t("back")), heart(d.key),
    h("div", { class: "columns" },
      h("div", { class: "media" },
        src ? h("img", { class: "large", src, alt: d.photo.alt || d.photo.tags.join(", ") }) : h("p", { class: "status" }, t("loading")),
        d.image.status === "failed" ? message(d.image.error) : null),
      h("div", { class: "info" },
        h("p", null, `${d.photo.width} × ${d.photo.height} · ${d.photo.likes} ${t("likes")} · ${t("by")} `,
          h("a", { href: d.photo.authorURL || d.photo.pageURL, target: "_blank", rel: "noopener" }, d.photo.author)),
        h("p", { class: "tags" }, d.photo.tags.map((tag) => h("span", { class: "tag" }, tag))),
        d.photo.pageURL ? h("p", null, h("a", { href: d.photo.pageURL, target: "_blank", rel: "noopener" }, t("openSource"))) : null,
        d.photo.originalURL ? h("p", null, h("a", { class: "original", href: d.photo.originalURL, target: "_blank", rel: "noopener" }, t("original"))) : null)));
}

function albums() {
  const a = state.albums;
  return [
    h("input", { class: "search", type: "search", placeholder: t("searchAlbums"), value: a.search,
      oninput: (e) => rpc("albums/setSearch", { text: e.target.value }) }),
    a.status === "loading" ? h("p", { class: "status" }, t("loading")) : null,
    message(a.error),
    notice(a.notice),
    a.sections.map((section) => h("section", { class: "album-section" },
      section.title ? h("h2", null, section.title) : null,
      h("div", { class: "grid" }, section.albumIds.map((id) => a.all[id]).filter(Boolean).map((card) =>
        thumb(card, card.preview, () => rpc("albums/open", { albumId: card.id }), card.title))))),
  ];
}

function album() {
  const a = state.album;
  return h("main", { id: "album" },
    h("button", { class: "back", onclick: () => rpc("nav/back") }, "← " + t("back")),
    h("h1", null, a ? a.title : ""),
    a && a.status === "loading" ? h("p", { class: "status" }, t("loading")) : null,
    a ? message(a.error) : null,
    a ? notice(a.emptyNotice) : null,
    h("div", { class: "grid" }, (a ? a.photos : []).map((p) =>
      thumb(p, p.thumbnail, () => rpc("albums/openPhoto", { photoId: p.photo.id }), p.photo.title, null, p.key))));
}

function photo() {
  const p = state.photo;
  const src = p && imageURL(p.image);
  return h("main", { id: "photo", class: "detail" },
    h("button", { class: "back", onclick: () => rpc("nav/back") }, "← " + t("back")), p ? heart(p.key) : null,
    p ? h("h1", null, p.photo.title) : null,
    src ? h("img", { class: "large", src, alt: p.photo.title }) : h("p", { class: "status" }, t("loading")),
    p && p.image.status === "failed" ? message(p.image.error) : null);
}

async function beginLogin() {
  const answer = await rpc("account/beginLogin");
  if (!answer) return;
  if (answer.demoRedirectURL) pendingDemoRedirect = answer.demoRedirectURL;
  else window.open(answer.authorizeURL, "_blank", "noopener");
  render();
}
async function completeLogin(redirectURL) {
  const answer = await rpc("account/completeLogin", { redirectURL });
  if (answer && answer.status === "signedIn") { pendingDemoRedirect = null; redirectText = ""; rpc("account/loadImages"); }
}
let pendingDemoRedirect = null;
let redirectText = "";

async function upload(input, titleInput) {
  const file = input.files[0];
  if (!file) return;
  // The bytes go to the core itself (base64), which checks and keeps them: the page never
  // needs a path on the core's machine.
  const data = await new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(",") + 1));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  const title = titleInput.value || undefined;
  rpc("account/upload", { data, fileName: file.name, title, workDoneToken: "upload-" + ++uploads });
  input.value = "";
  titleInput.value = "";
}

function account() {
  const a = state.account;
  if (a.status !== "signedIn") {
    return h("section", { class: "account-login" },
      h("p", { class: "about" }, t("accountAbout")),
      message(a.error),
      h("button", { class: "primary", id: "imgur-sign-in", onclick: beginLogin }, t("imgurSignIn")),
      a.status === "awaitingRedirect" ? [
        pendingDemoRedirect ? h("button", { id: "demo-continue", onclick: () => completeLogin(pendingDemoRedirect) }, t("continueDemo")) : null,
        h("label", { class: "field" }, t("pasteRedirect"),
          h("input", { name: "redirect", value: redirectText, oninput: (e) => { redirectText = e.target.value; } })),
        h("button", { onclick: () => completeLogin(redirectText) }, t("complete")),
      ] : null);
  }
  const u = a.upload;
  return [
    h("p", { class: "who" }, a.username, " ", h("button", { class: "link", onclick: () => rpc("account/logout") }, t("signOutImgur"))),
    message(a.error),
    h("form", { class: "upload", onsubmit: (e) => { e.preventDefault(); upload(e.target.file, e.target.title); } },
      // The browser's own picker speaks the browser's language: ours speaks the app's.
      h("label", { class: "file-pick" },
        h("input", { type: "file", name: "file", accept: "image/*", onchange: (e) => {
          // The input stays the same element (its file with it): only the name beside it changes.
          chosenFile = e.target.files[0]?.name || "";
          e.target.parentElement.querySelector(".chosen").textContent = chosenFile || t("noFileChosen");
        } }),
        h("span", { class: "button" }, t("chooseFile")),
        h("span", { class: "chosen" }, chosenFile || t("noFileChosen"))),
      h("input", { name: "title", placeholder: t("title") }),
      h("button", { type: "submit", disabled: u.status === "uploading" }, t("upload"))),
    u.status === "uploading" ? h("div", { class: "upload-running" },
      h("progress", { max: "1", value: String(u.progress) }),
      h("button", { class: "cancel", onclick: () => rpc("account/cancelUpload") }, t("cancel"))) : null,
    u.status === "failed" || u.status === "cancelled" ? message(u.error) : null,
    a.imagesStatus === "loading" ? h("p", { class: "status" }, t("loading")) : null,
    h("div", { class: "grid" }, a.images.map((item) => h("div", { class: "account-image", key: item.key },
      thumb(item, item.thumbnail, null, item.image.title, null, item.key),
      message(item.error),
      h("button", { class: "delete", onclick: () => rpc("account/delete", { id: item.image.id }) }, t("delete"))))),
    h("button", { class: "reload", onclick: () => rpc("account/loadImages") }, t("loadImages")),
  ];
}

function video() {
  const v = state.video;
  const play = () => rpc("video/playRandom", { width: Math.round(innerWidth * devicePixelRatio), height: Math.round(innerHeight * devicePixelRatio) });
  return [
    h("button", { class: "primary", id: "play-random", onclick: play }, t("playRandom")),
    v.status === "loading" ? h("p", { class: "status" }, t("loading")) : null,
    message(v.error),
    v.status === "ready" && v.file ? h("div", { class: "columns" },
      h("div", { class: "media" },
        h("video", { key: v.file.link, src: playable(v.file.link), poster: playable(v.video.posterURL), controls: true, autoplay: true, muted: true, playsinline: true })),
      h("div", { class: "info" },
        h("p", null, `${v.file.quality} ${v.file.width}×${v.file.height} · ${v.video.duration} s · ${t("by")} `,
          h("a", { href: v.video.authorURL, target: "_blank", rel: "noopener" }, v.video.author)))) : null,
  ];
}

// The kept photos: a thumbnail each (opened on their own screen), and a way to forget them.
function favorites() {
  const items = state.favorites.items;
  if (items.length === 0) return h("p", { class: "notice", id: "no-favorites" }, t("noFavorites"));
  return h("div", { class: "grid" }, items.map((item) => h("div", { class: "favorite-item", key: item.key },
    thumb(item, item.thumbnail, () => rpc("favorites/open", { key: item.key }), item.card.title || item.card.author),
    h("button", { class: "remove", onclick: () => rpc("favorites/remove", { key: item.key }) }, t("remove")))));
}

function favorite() {
  const f = state.favorites.open;
  const src = f && imageURL(f.image);
  return h("main", { id: "favorite", class: "detail" },
    h("button", { class: "back", onclick: () => rpc("nav/back") }, "← " + t("back")),
    f ? h("button", { class: "remove", onclick: () => rpc("favorites/remove", { key: f.key }) }, t("remove")) : null,
    f && f.card.title ? h("h1", null, f.card.title) : null,
    src ? h("img", { class: "large", src, alt: (f && f.card.title) || "" }) : h("p", { class: "status" }, t("loading")),
    f && f.image.status === "failed" ? message(f.image.error) : null,
    f && f.card.author ? h("p", null, `${t("by")} ${f.card.author}`) : null);
}

function choice(name, value, options, label) {
  return h("label", { class: "field" }, label,
    h("select", { name, onchange: (e) => rpc("settings/update", { [name]: e.target.value }) },
      options.map(([v, text]) => h("option", { value: v, selected: v === value }, text))));
}

function number(name, value, label) {
  return h("label", { class: "field" }, label,
    h("input", { name, type: "number", value: String(value), onchange: (e) => rpc("settings/update", { [name]: Number(e.target.value) }) }));
}

function settings() {
  const s = state.settings;
  const p = s.providers;
  const list = (...names) => names.map((n) => [n, n]);
  return [
    choice("appearance", s.appearance, [["system", t("system")], ["light", t("light")], ["dark", t("dark")]], t("appearance")),
    choice("language", s.language, [["en", "English"], ["es", "Español"]], t("language")),
    number("pageSize", s.pageSize, t("pageSize")),
    number("prefetchDistance", s.prefetchDistance, t("prefetchDistance")),
    number("imageCacheMegabytes", s.imageCacheMegabytes, t("cache")),
    h("h2", null, t("providers")),
    choice("feedProvider", p.feed, list("demo", "pixabay", "pexels"), t("photos")),
    choice("albumsProvider", p.albums, list("demo", "jsonplaceholder"), t("albums")),
    choice("accountProvider", p.account, list("demo", "imgur"), t("account")),
    choice("videoProvider", p.video, list("demo", "pexels"), t("video")),
  ];
}

addEventListener("scroll", () => { const s = document.querySelector(".more"); if (s && state && s.getBoundingClientRect().top < innerHeight + 400) loadMore(); }, { passive: true });
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", render);
connect();
