-- gallery.nvim: the gallery in a buffer. One gallery-rpc process is spoken to with Neovim's
-- own JSON-RPC client (vim.lsp.rpc, LSP framing); the buffer is rendered from the core's
-- state and its state/changed patches. All app logic (validation, paging, messages, their
-- language) is the core's.
local patch = require("gallery.patch")
local screens = require("gallery.screens")
local words = require("gallery.words")

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

local function status_line(s, w)
  local online = s.connectivity == "online" and w.online or w.offline
  -- What the core could not reach is shown beside what the user declared; it is not obeyed.
  local areas = {}
  for area, _ in pairs(s.unreachable or {}) do table.insert(areas, area) end
  table.sort(areas)
  if #areas > 0 then online = online .. ", " .. w.unreachable .. ": " .. table.concat(areas, " ") end
  return string.format("%s  [%s]  %s", w.gallery, online, present(s.session.email) and s.session.email or "")
end

--- The screen on top of the route: each tab and each screen pushed on one is drawn as its
--- own (`home` is the feed's tab).
function M.screen()
  local route = M.state.route or {}
  local top = route[#route] and route[#route].screen or "login"
  if top == "home" then return "photos" end
  if not screens[top] then return "photos" end
  return top
end

--- Draws the buffer from the state, in the app's language.
function M.render()
  if not (M.state and buf and vim.api.nvim_buf_is_valid(buf)) then return end
  M.targets = {}
  local w = words.of(M.state)
  local lines = { status_line(M.state, w), "" }
  local ui = {
    w = w, data_dir = M.data_dir, demo = M.demo,
    add = function(line, target)
      table.insert(lines, line)
      if target then M.targets[#lines] = target end
    end,
  }
  screens[M.screen()](M.state, ui)
  ui.add("")
  ui.add(w.keys)
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

--- Opens a tab in the core (`nav/open`: photos, albums, favorites, account, video,
--- settings); the core loads it when first shown.
function M.show(view)
  M.request("nav/open", { screen = view == "photos" and "feed" or view })
end

--- Signs in to the account: the browser's sign-in, completed at once with the demo
--- account's redirect (another provider's is pasted with :lua require("gallery").complete(URL)).
function M.sign_in_account()
  M.request("account/beginLogin", nil, function(begun)
    if begun and present(begun.demoRedirectURL) then M.complete(begun.demoRedirectURL)
    elseif begun then vim.notify("gallery: " .. begun.authorizeURL) end
  end)
end

--- Completes the account's sign-in with the URL the browser landed on.
function M.complete(url) M.request("account/completeLogin", { redirectURL = url }) end

--- A setting's next value (<CR> on its line in the settings tab).
function M.change_setting(name)
  local settings = M.state.settings
  if name == "language" then
    M.request("settings/update", { language = settings.language == "es" and "en" or "es" })
  elseif name == "appearance" then
    local next = { system = "light", light = "dark", dark = "system" }
    M.request("settings/update", { appearance = next[settings.appearance] or "system" })
  elseif name == "pageSize" then
    local ok, value = pcall(vim.fn.input, words.of(M.state).prompt.pageSize)
    if ok and tonumber(value) then M.request("settings/update", { pageSize = tonumber(value) }) end
  end
end

--- <CR>: submits sign-in, or does what the line under the cursor offers.
function M.activate(line)
  local screen = M.screen()
  if screen == "login" then return M.request("auth/submitLogin") end
  local target = M.targets[line or vim.api.nvim_win_get_cursor(0)[1]]
  if not target then return end
  if target.open then
    M.request("feed/openDetail", { key = target.open })
    M.request("images/prefetch", { keys = { target.open } })
  elseif target.album then M.request("albums/open", { albumId = target.album })
  elseif target.photo then M.request("albums/openPhoto", { photoId = target.photo })
  elseif target.favorite then M.request("favorites/open", { key = target.favorite })
  elseif target.signIn then M.sign_in_account()
  elseif target.reload then M.request("account/loadImages")
  elseif target.play then M.request("video/playRandom", { width = vim.o.columns * 8, height = vim.o.lines * 16 })
  elseif target.setting then M.change_setting(target.setting) end
end

--- k: keeps the photo under the cursor (or the one open) as a favorite, or forgets it if kept.
function M.keep(line)
  local screen = M.screen()
  if screen == "favorite" then return M.request("favorites/remove", { key = M.state.favorites.open.key }) end
  local target = M.targets[line or vim.api.nvim_win_get_cursor(0)[1]]
  if screen == "favorites" then
    return target and target.favorite and M.request("favorites/remove", { key = target.favorite })
  end
  local key
  if screen == "detail" then key = M.state.detail.key else key = target and target.open end
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
  elseif screen == "detail" then M.request("images/retry", { key = M.state.detail.key })
  elseif screen == "account" then M.request("account/loadImages") end
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
  local function said(name) return words.of(M.state).prompt[name] end
  map("e", function() local v = prompt(said("email")) if v then M.set_email(v) end end)
  map("p", function() local v = prompt(said("password"), true) if v then M.set_password(v) end end)
  map("<CR>", function() M.activate() end)
  map("/", function() local v = prompt(said("search")) if v then M.search(v) end end)
  map("f", function() M.show("photos") end)
  map("a", function() M.show("albums") end)
  map("F", function() M.show("favorites") end)
  map("c", function() M.show("account") end)
  map("v", function() M.show("video") end)
  map("s", function() M.show("settings") end)
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
