-- :Gallery opens the gallery in a buffer, driven by one gallery-rpc process.
vim.api.nvim_create_user_command("Gallery", function()
  require("gallery").open()
end, { desc = "Open the gallery (gallery-rpc)" })
