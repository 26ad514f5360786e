-- The plugin's own words, in each language the core speaks. Everything the core says
-- (messages, errors, names) comes from the core already in the app's language; these are the
-- buffer's labels around it. `words.of(state)` picks the state's language.
local words = {}

words.en = {
  gallery = "Gallery", online = "online", offline = "OFFLINE", unreachable = "unreachable",
  signIn = "Sign in", email = "Email:   ", password = "Password:", demo = "Demo account:",
  signingIn = "Signing in…", loginKeys = "e: email   p: password   <CR>: sign in",
  registration = "Create an account  (<BS>: back to sign-in)",
  photos = "Photos", albums = "Albums", favorites = "Favorites", account = "Account", video = "Video",
  settings = "Settings", search = "search",
  offlineCopy = "Offline: the last photos saved.", more = "… more below (G or ]] loads them)",
  theEnd = "— the end —", retryKey = "r to retry", retryEnter = "<CR> to retry",
  photoBy = "Photo by %s", likes = "%d×%d · %d likes", tags = "Tags:", page = "Page:",
  original = "Original:", image = "Image:", imageLoading = "Image: loading…",
  album = "Album:", photo = "Photo:",
  noFavorites = "No favorites yet: k keeps the photo under the cursor.",
  keptPhoto = "Kept photo:", by = "by", removeKey = "k: remove from favorites",
  accountAbout = "Your Imgur account: <CR> signs in to see the images you posted.",
  signedInAs = "Signed in as %s", images = "Images", noImages = "No images.", reload = "<CR> here: reload the images",
  upload = "Upload:", playRandom = "<CR> here: play a random video", link = "Link:",
  appearance = "Appearance", language = "Language", pageSize = "Page size", settingsHint = "<CR> on a line changes it",
  system = "system", light = "light", dark = "dark",
  status = { idle = "not loaded", loading = "loading", refreshing = "refreshing", loadingMore = "loading more",
    loaded = "loaded", failed = "failed", ready = "ready", signedIn = "signed in", signedOut = "signed out",
    awaitingRedirect = "waiting for the browser", uploading = "uploading", done = "done", cancelled = "cancelled" },
  keys = "f: photos  a: albums  F: favorites  c: account  v: video  s: settings  /: search  k: keep ♥  "
    .. "o: online/offline  <BS>: back  L: sign out  q: close",
  prompt = { email = "Email: ", password = "Password: ", search = "Search: ", pageSize = "Page size: " },
}

words.es = {
  gallery = "Galería", online = "en línea", offline = "SIN CONEXIÓN", unreachable = "sin acceso",
  signIn = "Iniciar sesión", email = "Correo:    ", password = "Contraseña:", demo = "Cuenta de demostración:",
  signingIn = "Iniciando sesión…", loginKeys = "e: correo   p: contraseña   <CR>: iniciar sesión",
  registration = "Crear una cuenta  (<BS>: volver a iniciar sesión)",
  photos = "Fotos", albums = "Álbumes", favorites = "Favoritos", account = "Cuenta", video = "Vídeo",
  settings = "Ajustes", search = "búsqueda",
  offlineCopy = "Sin conexión: las últimas fotos guardadas.", more = "… hay más abajo (G o ]] las carga)",
  theEnd = "— fin —", retryKey = "r para reintentar", retryEnter = "<CR> para reintentar",
  photoBy = "Foto de %s", likes = "%d×%d · %d me gusta", tags = "Etiquetas:", page = "Página:",
  original = "Original:", image = "Imagen:", imageLoading = "Imagen: cargando…",
  album = "Álbum:", photo = "Foto:",
  noFavorites = "Aún no hay favoritos: k guarda la foto bajo el cursor.",
  keptPhoto = "Foto guardada:", by = "de", removeKey = "k: quitar de favoritos",
  accountAbout = "Tu cuenta de Imgur: <CR> inicia sesión para ver las imágenes que publicaste.",
  signedInAs = "Sesión iniciada como %s", images = "Imágenes", noImages = "Sin imágenes.",
  reload = "<CR> aquí: recargar las imágenes",
  upload = "Subida:", playRandom = "<CR> aquí: reproducir un vídeo al azar", link = "Enlace:",
  appearance = "Apariencia", language = "Idioma", pageSize = "Tamaño de página",
  settingsHint = "<CR> en una línea la cambia",
  system = "sistema", light = "claro", dark = "oscuro",
  status = { idle = "sin cargar", loading = "cargando", refreshing = "actualizando", loadingMore = "cargando más",
    loaded = "cargado", failed = "falló", ready = "listo", signedIn = "sesión iniciada", signedOut = "sin sesión",
    awaitingRedirect = "esperando al navegador", uploading = "subiendo", done = "hecho", cancelled = "cancelada" },
  keys = "f: fotos  a: álbumes  F: favoritos  c: cuenta  v: vídeo  s: ajustes  /: buscar  k: guardar ♥  "
    .. "o: con/sin conexión  <BS>: atrás  L: cerrar sesión  q: cerrar",
  prompt = { email = "Correo: ", password = "Contraseña: ", search = "Buscar: ", pageSize = "Tamaño de página: " },
}

--- The words of `state`'s language (English before the state arrives).
function words.of(state)
  local language = state and state.settings and state.settings.language
  return words[language] or words.en
end

return words
