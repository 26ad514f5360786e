-- Each screen of the gallery buffer, drawn from the core's state: one function per screen
-- the route can show, each tab its own. `ui` carries what drawing needs: `add(line, target)`
-- (a target is what <CR> or k does on that line), `w` (the words of the app's language),
-- `data_dir` and `demo` (the demo account's hint, if the core has one).
local screens = {}

local function present(v)
  return v ~= nil and v ~= vim.NIL
end

local function text(message)
  return present(message) and message.message or nil
end

--- A retryable message with the key that retries it.
local function error_lines(ui, message, hint)
  if text(message) then
    ui.add("! " .. text(message) .. (message.retryable and hint and ("  (" .. hint .. ")") or ""))
  end
end

local function image_state(image)
  if not present(image) then return " " end
  return ({ loaded = "✓", loading = "…", failed = "!", notRequested = " " })[image.status] or " "
end

--- A status word of the core (`loaded`), in the app's language.
local function status(ui, value)
  return ui.w.status[value] or value or ""
end

function screens.login(s, ui)
  local f = s.login
  ui.add(ui.w.signIn)
  ui.add("")
  ui.add(ui.w.email .. " " .. (f.email.value or ""))
  if f.email.edited or f.submitAttempted then error_lines(ui, f.email.error) end
  ui.add(ui.w.password .. " " .. string.rep("*", f.password.length or 0))
  if f.password.edited or f.submitAttempted then error_lines(ui, f.password.error) end
  error_lines(ui, f.error, ui.w.retryEnter)
  -- The core says whether the demo account is on (initialize's capabilities.demoAccount).
  if ui.demo then ui.add(ui.w.demo .. " " .. ui.demo.email .. " / " .. ui.demo.password) end
  ui.add("")
  ui.add(f.isSubmitting and ui.w.signingIn or ui.w.loginKeys)
end

function screens.registration(s, ui)
  ui.add(ui.w.registration)
  ui.add("")
  ui.add(ui.w.email .. " " .. (s.registration.email.value or ""))
  error_lines(ui, s.registration.error)
end

function screens.photos(s, ui)
  local feed = s.feed
  ui.add(string.format("%s  %s: %s  (%s)", ui.w.photos, ui.w.search, feed.query or "", status(ui, feed.status)))
  if feed.isOfflineCopy then ui.add(ui.w.offlineCopy) end
  error_lines(ui, feed.error, ui.w.retryKey)
  if text(feed.emptyNotice) then ui.add(text(feed.emptyNotice)) end
  local kept = {}
  for _, f in ipairs((s.favorites or {}).items or {}) do kept[f.key] = true end
  for _, item in ipairs(feed.items or {}) do
    local p = item.photo
    ui.add(string.format("[%s]%s %s — %s (%d×%d)", image_state(item.thumbnail),
      kept["favorite:" .. item.key] and "♥" or " ", p.author or "?",
      table.concat(p.tags or {}, ", "), p.width or 0, p.height or 0), { open = item.key })
  end
  ui.add(feed.hasMore and ui.w.more or ui.w.theEnd)
end

function screens.albums(s, ui)
  local a = s.albums
  ui.add(string.format("%s  %s: %s  (%s)", ui.w.albums, ui.w.search, a.search or "", status(ui, a.status)))
  error_lines(ui, a.error, ui.w.retryKey)
  if text(a.notice) then ui.add(text(a.notice)) end
  local all = type(a.all) == "table" and a.all or {} -- the cards, keyed by album id
  for _, section in ipairs(a.sections or {}) do
    ui.add("## " .. (present(section.title) and section.title or ui.w.albums))
    for _, id in ipairs(section.albumIds or {}) do
      local card = all[string.format("%d", id)]
      if card then ui.add("  " .. card.title, { album = card.id }) end
    end
  end
end

function screens.detail(s, ui)
  local d = s.detail
  if not present(d) then return ui.add("…") end
  local p = d.photo
  ui.add(string.format(ui.w.photoBy, p.author or "?"))
  ui.add(string.format(ui.w.likes, p.width or 0, p.height or 0, p.likes or 0))
  ui.add(ui.w.tags .. " " .. table.concat(p.tags or {}, ", "))
  ui.add(ui.w.page .. " " .. (p.pageURL or ""))
  if present(p.originalURL) then ui.add(ui.w.original .. " " .. p.originalURL) end
  if d.image.status == "loaded" then ui.add(ui.w.image .. " " .. ui.data_dir .. "/" .. d.image.path)
  elseif d.image.status == "failed" then error_lines(ui, d.image.error, ui.w.retryKey)
  else ui.add(ui.w.imageLoading) end
end

function screens.album(s, ui)
  local a = s.album
  if not present(a) then return ui.add("…") end
  ui.add(ui.w.album .. " " .. (a.title or "") .. "  (" .. status(ui, a.status) .. ")")
  error_lines(ui, a.error, ui.w.retryKey)
  if text(a.emptyNotice) then ui.add(text(a.emptyNotice)) end
  for _, p in ipairs(a.photos or {}) do
    ui.add(string.format("[%s] %s", image_state(p.thumbnail), p.photo.title or ""), { photo = p.photo.id })
  end
end

function screens.photo(s, ui)
  local p = s.photo
  if not present(p) then return ui.add("…") end
  ui.add(ui.w.photo .. " " .. (p.photo.title or ""))
  ui.add("URL: " .. (p.photo.url or ""))
  if present(p.image) and p.image.status == "loaded" then
    ui.add(ui.w.image .. " " .. ui.data_dir .. "/" .. p.image.path)
  end
end

function screens.favorites(s, ui)
  local items = (s.favorites or {}).items or {}
  ui.add(ui.w.favorites .. "  (" .. #items .. ")")
  if #items == 0 then return ui.add(ui.w.noFavorites) end
  for _, item in ipairs(items) do
    local card = item.card
    ui.add(string.format("[%s]♥ %s — %s", image_state(item.thumbnail),
      present(card.title) and card.title or "", present(card.author) and card.author or ""), { favorite = item.key })
  end
end

function screens.favorite(s, ui)
  local f = (s.favorites or {}).open
  if not present(f) then return ui.add("…") end
  ui.add(ui.w.keptPhoto .. " " .. (present(f.card.title) and f.card.title or ""))
  if present(f.card.author) then ui.add(ui.w.by .. " " .. f.card.author) end
  if present(f.image) and f.image.status == "loaded" then
    ui.add(ui.w.image .. " " .. ui.data_dir .. "/" .. f.image.path)
  elseif present(f.image) and f.image.status == "failed" then
    error_lines(ui, f.image.error)
  end
  ui.add(ui.w.removeKey)
end

function screens.account(s, ui)
  local a = s.account
  ui.add(ui.w.account .. "  (" .. status(ui, a.status) .. ")")
  error_lines(ui, a.error, ui.w.retryKey)
  if a.status ~= "signedIn" then return ui.add(ui.w.accountAbout, { signIn = true }) end
  ui.add(string.format(ui.w.signedInAs, present(a.username) and a.username or ""))
  local u = a.upload
  if present(u) and u.status ~= "idle" then
    ui.add(string.format("%s %s %s %d%%", ui.w.upload, present(u.fileName) and u.fileName or "",
      status(ui, u.status), math.floor((u.progress or 0) * 100)))
    error_lines(ui, u.error)
  end
  ui.add(ui.w.images .. "  (" .. status(ui, a.imagesStatus) .. ")", { reload = true })
  if #(a.images or {}) == 0 then ui.add(ui.w.noImages) end
  for _, item in ipairs(a.images or {}) do
    ui.add(string.format("[%s] %s", image_state(item.thumbnail),
      present(item.image.title) and item.image.title or item.image.id))
    error_lines(ui, item.error)
  end
  ui.add(ui.w.reload, { reload = true })
end

function screens.video(s, ui)
  local v = s.video
  ui.add(ui.w.video .. "  (" .. status(ui, v.status) .. ")")
  ui.add(ui.w.playRandom, { play = true })
  error_lines(ui, v.error, ui.w.retryEnter)
  if v.status == "ready" and present(v.file) then
    ui.add(string.format("%s %d×%d · %d s · %s %s", v.file.quality, v.file.width or 0, v.file.height or 0,
      v.video.duration or 0, ui.w.by, v.video.author or "?"))
    ui.add(ui.w.link .. " " .. (v.file.link or ""))
  end
end

function screens.settings(s, ui)
  local settings = s.settings
  ui.add(ui.w.settings .. "  (" .. ui.w.settingsHint .. ")")
  ui.add("")
  ui.add(ui.w.appearance .. ": " .. (ui.w[settings.appearance] or settings.appearance), { setting = "appearance" })
  ui.add(ui.w.language .. ": " .. (settings.language == "es" and "Español" or "English"), { setting = "language" })
  ui.add(ui.w.pageSize .. ": " .. tostring(settings.pageSize), { setting = "pageSize" })
end

return screens
