-- gallery.nvim: the gallery in a buffer. One gallery-rpc process is spoken to with Neovim's
-- own JSON-RPC client (vim.lsp.rpc, LSP framing); the buffer is rendered from the core's
-- state and its state/changed patches. All app logic (validation, paging, messages, their
-- language) is the core's.
local patch = require("gallery.patch")

local M = {
  --- The command that starts the core, and its flags (set before :Gallery).
  config = { cmd = "gallery-rpc", args = {} },
  state = nil,
  version = -1,
  targets = {}, -- line number → what <CR> opens there
}

local client, buf
local early = {}

local function present(v)
  return v ~= nil and v ~= vim.NIL
end

local function text(message)
  return present(message) and message.message or nil
end

--- Sends a request; `done(result)` runs on success, a refusal is shown as a message.
function M.request(method, params, done)
  client.request(method, params, function(err, result)
    if err then
      vim.schedule(function()
        local detail = err.data
        if type(detail) == "table" then detail = detail.message end
        vim.notify("gallery: " .. (type(detail) == "string" and detail or err.message), vim.log.levels.WARN)
      end)
    elseif done then
      vim.schedule(function() done(result) end)
    end
  end)
end

local function on_change(change)
  if M.state == nil then return table.insert(early, change) end
  if change.version <= M.version then return end
  if change.fromVersion ~= M.version then return M.resync() end
  M.state = patch.apply(M.state, change.patch)
  M.version = change.version
  M.render()
end

--- Fetches the whole state again (at start, or if a patch does not follow on).
function M.resync()
  M.state = nil
  M.request("state/get", nil, function(answer)
    M.state, M.version = answer.value, answer.version
    local waiting = early
    early = {}
    for _, change in ipairs(waiting) do on_change(change) end
    M.render()
  end)
end

-- ---- rendering ----

local function status_line(s)
  local online = s.connectivity == "online" and "online" or "OFFLINE"
  -- What the core could not reach is shown beside what the user declared; it is not obeyed.
  local areas = {}
  for area, _ in pairs(s.unreachable or {}) do table.insert(areas, area) end
  table.sort(areas)
  if #areas > 0 then online = online .. ", unreachable: " .. table.concat(areas, " ") end
  return string.format("Gallery  [%s]  %s", online, present(s.session.email) and s.session.email or "")
end

local function error_lines(lines, message, hint)
  if text(message) then
    table.insert(lines, "! " .. text(message) .. (message.retryable and hint and ("  (" .. hint .. ")") or ""))
  end
end

local function add(lines, line, target)
  table.insert(lines, line)
  if target then M.targets[#lines] = target end
end

local function image_state(image)
  if not present(image) then return " " end
  return ({ loaded = "✓", loading = "…", failed = "!", notRequested = " " })[image.status] or " "
end

local screens = {}

function screens.login(s, lines)
  local f = s.login
  add(lines, "Sign in")
  add(lines, "")
  add(lines, "Email:    " .. (f.email.value or ""))
  if f.email.edited or f.submitAttempted then error_lines(lines, f.email.error) end
  add(lines, "Password: " .. string.rep("*", f.password.length or 0))
  if f.password.edited or f.submitAttempted then error_lines(lines, f.password.error) end
  error_lines(lines, f.error, "<CR> to retry")
  -- The core says whether the demo account is on (initialize's capabilities.demoAccount).
  if M.demo then add(lines, "Demo account: " .. M.demo.email .. " / " .. M.demo.password) end
  add(lines, "")
  add(lines, f.isSubmitting and "Signing in…" or "e: email   p: password   <CR>: sign in")
end

function screens.photos(s, lines)
  local feed = s.feed
  add(lines, string.format("Photos  search: %s  (%s)", feed.query or "", feed.status))
  if feed.isOfflineCopy then add(lines, "Offline: the last photos saved.") end
  error_lines(lines, feed.error, "r to retry")
  if text(feed.emptyNotice) then add(lines, text(feed.emptyNotice)) end
  local kept = {}
  for _, f in ipairs((s.favorites or {}).items or {}) do kept[f.key] = true end
  for _, item in ipairs(feed.items or {}) do
    local p = item.photo
    add(lines, string.format("[%s]%s %s — %s (%d×%d)", image_state(item.thumbnail),
      kept["favorite:" .. item.key] and "♥" or " ", p.author or "?",
      table.concat(p.tags or {}, ", "), p.width or 0, p.height or 0), { open = item.key })
  end
  add(lines, feed.hasMore and "… more below (G or ]] loads them)" or "— the end —")
end

function screens.albums(s, lines)
  local a = s.albums
  add(lines, string.format("Albums  search: %s  (%s)", a.search or "", a.status))
  error_lines(lines, a.error, "r to retry")
  if text(a.notice) then add(lines, text(a.notice)) end
  local all = type(a.all) == "table" and a.all or {} -- the cards, keyed by album id
  for _, section in ipairs(a.sections or {}) do
    add(lines, "## " .. (present(section.title) and section.title or "Albums"))
    for _, id in ipairs(section.albumIds or {}) do
      local card = all[string.format("%d", id)]
      if card then add(lines, "  " .. card.title, { album = card.id }) end
    end
  end
end

function screens.detail(s, lines)
  local d = s.detail
  if not present(d) then return add(lines, "…") end
  local p = d.photo
  add(lines, "Photo by " .. (p.author or "?"))
  add(lines, string.format("%d×%d · %d likes", p.width or 0, p.height or 0, p.likes or 0))
  add(lines, "Tags: " .. table.concat(p.tags or {}, ", "))
  add(lines, "Page: " .. (p.pageURL or ""))
  if present(p.originalURL) then add(lines, "Original: " .. p.originalURL) end
  if d.image.status == "loaded" then add(lines, "Image: " .. M.data_dir .. "/" .. d.image.path)
  elseif d.image.status == "failed" then error_lines(lines, d.image.error, "r to retry")
  else add(lines, "Image: loading…") end
end

function screens.album(s, lines)
  local a = s.album
  if not present(a) then return add(lines, "…") end
  add(lines, "Album: " .. (a.title or "") .. "  (" .. a.status .. ")")
  error_lines(lines, a.error, "r to retry")
  if text(a.emptyNotice) then add(lines, text(a.emptyNotice)) end
  for _, p in ipairs(a.photos or {}) do
    add(lines, string.format("[%s] %s", image_state(p.thumbnail), p.photo.title or ""), { photo = p.photo.id })
  end
end

function screens.photo(s, lines)
  local p = s.photo
  if not present(p) then return add(lines, "…") end
  add(lines, "Photo: " .. (p.photo.title or ""))
  add(lines, "URL: " .. (p.photo.url or ""))
  if present(p.image) and p.image.status == "loaded" then add(lines, "Image: " .. M.data_dir .. "/" .. p.image.path) end
end

--- The screen on top of the route (`home` is the feed's tab; the other tabs this buffer
--- does not draw show the photos).
function M.screen()
  local route = M.state.route or {}
  local top = route[#route] and route[#route].screen or "login"
  if top == "home" then return "photos" end
  if top == "registration" then return "login" end
  if not screens[top] then return "photos" end
  return top
end

--- Draws the buffer from the state.
function M.render()
  if not (M.state and buf and vim.api.nvim_buf_is_valid(buf)) then return end
  M.targets = {}
  local lines = { status_line(M.state), "" }
  screens[M.screen()](M.state, lines)
  add(lines, "")
  add(lines, "f: photos  a: albums  /: search  k: keep ♥  o: online/offline  <BS>: back  L: sign out  q: close")
  vim.api.nvim_buf_set_option(buf, "modifiable", true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.api.nvim_buf_set_option(buf, "modifiable", false)
end

-- ---- actions (the keys call these; tests call them too) ----

function M.set_email(value) M.request("auth/setEmail", { value = value }) end
function M.set_password(value) M.request("auth/setPassword", { value = value }) end

function M.search(value)
  if M.screen() == "albums" then M.request("albums/setSearch", { text = value })
  else M.request("feed/setQuery", { text = value }) end
end

--- Opens a tab in the core (`nav/open`); the core loads it when first shown.
function M.show(view)
  M.request("nav/open", { screen = view == "photos" and "feed" or view })
end

--- <CR>: submits sign-in, or opens what the cursor is on.
function M.activate(line)
  local screen = M.screen()
  if screen == "login" then return M.request("auth/submitLogin") end
  local target = M.targets[line or vim.api.nvim_win_get_cursor(0)[1]]
  if not target then return end
  if target.open then
    M.request("feed/openDetail", { key = target.open })
    M.request("images/prefetch", { keys = { target.open } })
  elseif target.album then M.request("albums/open", { albumId = target.album })
  elseif target.photo then M.request("albums/openPhoto", { photoId = target.photo }) end
end

--- k: keeps the photo under the cursor (or the one open) as a favorite, or forgets it if kept.
function M.keep(line)
  local key
  if M.screen() == "detail" then key = M.state.detail.key
  else
    local target = M.targets[line or vim.api.nvim_win_get_cursor(0)[1]]
    key = target and target.open
  end
  if not key then return end
  for _, f in ipairs((M.state.favorites or {}).items or {}) do
    if f.key == "favorite:" .. key then return M.request("favorites/remove", { key = f.key }) end
  end
  M.request("favorites/add", { key = key })
end

function M.back()
  if M.screen() == "detail" then M.request("detail/close") else M.request("nav/back") end
end

function M.retry()
  local screen = M.screen()
  if screen == "photos" then M.request("feed/refresh")
  elseif screen == "albums" or screen == "album" then M.request("albums/retry")
  elseif screen == "detail" then M.request("images/retry", { key = M.state.detail.key }) end
end

function M.load_more()
  local feed = M.state.feed
  if M.screen() == "photos" and feed.hasMore and feed.status == "loaded" then M.request("feed/loadMore") end
end

--- Thumbnails for the rows in the window load (the buffer shows their status).
function M.prefetch_visible()
  if M.screen() ~= "photos" or not M.state then return end
  local first, last = vim.fn.line("w0"), vim.fn.line("w$")
  local keys = {}
  for line = first, last do
    local target = M.targets[line]
    if target and target.open then table.insert(keys, target.open) end
  end
  if #keys > 0 then M.request("images/prefetch", { keys = keys }) end
  if last >= vim.api.nvim_buf_line_count(buf) - 3 then M.load_more() end
end

local function prompt(label, secret)
  local ok, value = pcall(secret and vim.fn.inputsecret or vim.fn.input, label)
  return ok and value or nil
end

local function keymaps()
  local function map(lhs, fn)
    vim.keymap.set("n", lhs, fn, { buffer = buf, nowait = true, silent = true })
  end
  map("e", function() local v = prompt("Email: ") if v then M.set_email(v) end end)
  map("p", function() local v = prompt("Password: ", true) if v then M.set_password(v) end end)
  map("<CR>", function() M.activate() end)
  map("/", function() local v = prompt("Search: ") if v then M.search(v) end end)
  map("f", function() M.show("photos") end)
  map("a", function() M.show("albums") end)
  map("r", M.retry)
  map("k", function() M.keep() end)
  map("]]", M.load_more)
  map("o", function() M.request("connectivity/set", { online = M.state.connectivity ~= "online" }) end)
  map("<BS>", M.back)
  map("L", function() M.request("auth/logout") end)
  map("q", M.close)
  vim.api.nvim_create_autocmd({ "CursorMoved", "WinScrolled" }, { buffer = buf, callback = M.prefetch_visible })
end

--- Starts gallery-rpc and opens the gallery buffer.
function M.open(options)
  options = options or {}
  if client and not M.closed then return vim.api.nvim_set_current_buf(buf) end
  M.closed, M.exited = false, nil
  M.data_dir = options.data_dir or M.config.data_dir
    or (os.getenv("GALLERY_DATA_DIR") or ((os.getenv("XDG_DATA_HOME") or (os.getenv("HOME") .. "/.local/share")) .. "/gallery-rpc"))
  local args = { "serve", "--data-dir", M.data_dir }
  vim.list_extend(args, options.args or M.config.args)
  client = vim.lsp.rpc.start(options.cmd or M.config.cmd, args, {
    notification = function(method, params)
      if method == "state/changed" then vim.schedule(function() on_change(params) end) end
    end,
    on_exit = function(code)
      vim.schedule(function()
        M.exited = code
        if code ~= 0 then vim.notify("gallery-rpc exited with status " .. code, vim.log.levels.WARN) end
      end)
    end,
  })
  buf = vim.api.nvim_create_buf(true, true)
  vim.api.nvim_buf_set_name(buf, "gallery://" .. M.data_dir)
  vim.api.nvim_set_current_buf(buf)
  keymaps()
  M.request("initialize", { clientInfo = { name = "gallery.nvim" } }, function(result)
    local demo = result and result.capabilities and result.capabilities.demoAccount
    M.demo = demo ~= vim.NIL and demo or nil
    client.notify("initialized", vim.empty_dict())
    M.resync()
  end)
  return buf
end

--- Stops the core cleanly (shutdown, then exit) and wipes the buffer.
function M.close()
  if client and not M.closed then
    M.closed = true
    M.request("shutdown", nil, function() client.notify("exit", nil) end)
  end
  if buf and vim.api.nvim_buf_is_valid(buf) then vim.api.nvim_buf_delete(buf, { force = true }) end
end

--- The buffer's lines (for tests and for people who want them).
function M.lines()
  return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end

return M
