-- Headless test of gallery.nvim against a real gallery-rpc: sign in, browse and search the
-- feed, open a photo's details, browse and search albums, open an album and a photo, and
-- visit every tab in Spanish (favorites, the account, the video, the settings each its own).
--   nvim --headless -u NONE -i NONE --cmd "set rtp^=Neovim" -c "luafile Neovim/test/gallery_test.lua"
-- GALLERY_RPC names the binary (default .build/debug/gallery-rpc); what the buffer showed at
-- each step is saved as text in GALLERY_NVIM_ARTIFACTS (default .build/nvim-artifacts).
local gallery = require("gallery")
local binary = os.getenv("GALLERY_RPC") or ".build/debug/gallery-rpc"
local artifacts = os.getenv("GALLERY_NVIM_ARTIFACTS") or ".build/nvim-artifacts"
vim.fn.mkdir(artifacts, "p")
local data = vim.fn.tempname()

local function fail(message)
  io.stderr:write("gallery.nvim test FAILED: " .. message .. "\n")
  io.stderr:write(table.concat(gallery.lines(), "\n") .. "\n")
  vim.cmd("cquit 1")
end

local function text() return table.concat(gallery.lines(), "\n") end

--- Waits (running Neovim's event loop) until `condition` holds; fails naming `what`.
local function wait_for(what, condition)
  if not vim.wait(15000, function()
    local ok, result = pcall(condition)
    return ok and result
  end, 5) then fail("timed out waiting for " .. what) end
end

local function shows(pattern)
  return function() return text():find(pattern) ~= nil end
end

local function save(name)
  vim.fn.writefile(gallery.lines(), artifacts .. "/" .. name .. ".txt")
  print("buffer: " .. artifacts .. "/" .. name .. ".txt")
end

local function line_of(pattern)
  for i, line in ipairs(gallery.lines()) do
    if line:find(pattern) then return i end
  end
  fail("no line matches " .. pattern)
end

local ok, err = pcall(function()
  gallery.open({ cmd = binary, data_dir = data, args = { "--durability", "none" } })
  wait_for("the sign-in screen", shows("Sign in"))
  wait_for("the demo account's hint", shows("Demo account: test@mail.com / 123456"))

  gallery.set_email("test@")
  wait_for("the core's invalid-email message", shows("! .*email"))
  save("1-sign-in-validation")
  gallery.set_email("test@mail.com")
  gallery.set_password("123456")
  wait_for("the password's stars", shows("Password: %*%*%*%*%*%*"))
  gallery.activate()
  wait_for("the feed", shows("Photos  search"))
  wait_for("photos listed", function() return gallery.targets[4] ~= nil end)
  local first = #gallery.state.feed.items
  save("2-feed")

  -- k keeps the photo on a row (♥), and k again forgets it.
  local row = line_of("%[.%] ")
  local key = gallery.targets[row].open
  gallery.keep(row)
  wait_for("the kept photo", function() return #gallery.state.favorites.items == 1 end)
  wait_for("its heart", shows("♥"))
  if gallery.state.favorites.items[1].key ~= "favorite:" .. key then fail("kept " .. gallery.state.favorites.items[1].key) end
  gallery.keep(line_of("♥"))
  wait_for("the photo forgotten", function() return #gallery.state.favorites.items == 0 end)


  -- Scrolling to the end loads the next page; visible rows get their thumbnails.
  vim.cmd("normal! G")
  gallery.prefetch_visible()
  wait_for("the next page", function() return #gallery.state.feed.items > first end)
  wait_for("thumbnails of visible rows", shows("%[✓%]"))
  save("3-feed-scrolled")

  gallery.search("Ana")
  wait_for("the search's results", function()
    return gallery.state.feed.activeQuery == "Ana" and gallery.state.feed.status == "loaded"
  end)
  for _, item in ipairs(gallery.state.feed.items) do
    if not (item.photo.author .. table.concat(item.photo.tags, " ")):lower():find("ana") then
      fail("a result that does not match the search: " .. item.photo.author)
    end
  end
  save("4-search")

  gallery.activate(line_of("^%[.%] "))
  wait_for("the photo's details", shows("Photo by"))
  wait_for("the large image on disk", shows("Image: /"))
  local path = text():match("Image: (%S+)")
  if vim.fn.filereadable(path) ~= 1 then fail("the image file is not there: " .. path) end
  save("5-detail")
  gallery.back()
  wait_for("the feed again", shows("Photos  search"))

  gallery.show("albums")
  wait_for("albums by owner", shows("## "))
  local owner = text():match("\n## ([^\n]+)\n.-\n## ([^\n]+)")
  save("6-albums")
  gallery.search(owner)
  wait_for("one owner's albums", function()
    local _, sections = text():gsub("\n## ", "")
    return sections == 1 and text():find("## " .. owner, 1, true)
  end)
  gallery.activate(line_of("^  %S"))
  wait_for("the album's photos", shows("Album: .*loaded"))
  save("7-album")
  gallery.activate(line_of("^%[.%] "))
  wait_for("the photo", shows("URL: "))
  save("8-photo")
  gallery.back()
  wait_for("the album again", shows("Album: "))

  -- Declared offline, the albums shown stay, and a load that cannot go out says so: the
  -- screen never reads "(loaded)" over an empty list.
  gallery.back()
  wait_for("the albums again", shows("Albums  search"))
  gallery.request("connectivity/set", { online = false })
  wait_for("the offline mark", shows("OFFLINE"))
  if text():find("%(loaded%)") and not text():find("\n  %S") then fail("albums loaded, none shown, offline") end
  gallery.request("auth/logout")
  wait_for("the sign-in screen", shows("Sign in"))
  gallery.set_password("123456")
  wait_for("the password's stars again", shows("Password: %*%*%*%*%*%*"))
  gallery.activate()
  wait_for("the offline sign-in's message", shows("! You are offline"))
  save("9-offline")

  -- Every tab in Spanish, each drawn as its own screen, in the app's language: no word of the
  -- plugin's stays English.
  gallery.request("connectivity/set", { online = true })
  wait_for("online again", function() return gallery.state.connectivity == "online" end)
  gallery.activate()
  wait_for("the feed", shows("Photos  search"))
  gallery.request("settings/update", { language = "es" })
  local english = { "Gallery  %[", "search:", "more below", "Photo by", " likes", "Tags:", "Sign out",
    "Favorites", "Signed in as", "Images", "Settings", "Language", "play a random", "keep ♥", "the end",
    "online/offline", "No favorites" }
  local function spanish(name)
    for _, word in ipairs(english) do
      if text():find(word) then fail(name .. " shows English: " .. word) end
    end
    if not text():find("f: fotos  a: álbumes  F: favoritos  c: cuenta  v: vídeo  s: ajustes", 1, true) then
      fail(name .. ": the keys are not in Spanish")
    end
    save("es-" .. name)
  end
  wait_for("the feed in Spanish", shows("Fotos  búsqueda: .*%(cargado%)"))
  wait_for("the status line in Spanish", shows("^Galería  %[en línea%]"))
  spanish("photos")
  gallery.keep(line_of("^%[.%] "))
  wait_for("a kept photo", function() return #gallery.state.favorites.items == 1 end)
  gallery.activate(line_of("^%[.%] "))
  wait_for("the detail in Spanish", shows("Foto de .*\n.* me gusta\nEtiquetas: "))
  spanish("detail")
  gallery.back()
  gallery.show("albums")
  wait_for("the albums in Spanish", shows("Álbumes  búsqueda: .*%(cargado%)"))
  spanish("albums")
  gallery.show("favorites")
  wait_for("the favorites tab, its own screen", shows("Favoritos  %(1%)\n%[.%]♥ "))
  spanish("favorites")
  gallery.activate(line_of("♥"))
  wait_for("the kept photo open", shows("Foto guardada:"))
  spanish("favorite")
  gallery.back()
  gallery.show("account")
  wait_for("the account tab, its own screen", shows("Cuenta  %(sin sesión%)\nTu cuenta de Imgur"))
  spanish("account-signed-out")
  gallery.activate(line_of("Tu cuenta de Imgur"))
  wait_for("the account's images", shows("Sesión iniciada como .*\nImágenes  %(cargado%)"))
  spanish("account")
  gallery.show("video")
  wait_for("the video tab, its own screen", shows("Vídeo  %(sin cargar%)"))
  gallery.activate(line_of("reproducir un vídeo al azar"))
  wait_for("a video picked", shows("Enlace: "))
  spanish("video")
  gallery.show("settings")
  wait_for("the settings tab, its own screen", shows("Ajustes  .*\n\nApariencia: sistema\nIdioma: Español"))
  spanish("settings")
  gallery.activate(line_of("^Idioma:"))
  wait_for("English again", shows("Language: English"))
end)
if not ok then fail(tostring(err)) end
gallery.close()
wait_for("gallery-rpc to exit", function() return gallery.exited ~= nil end)
if gallery.exited ~= 0 then fail("gallery-rpc exited with " .. gallery.exited) end
print("gallery.nvim test: passed")
vim.cmd("qall!")
