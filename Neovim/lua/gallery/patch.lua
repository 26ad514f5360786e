-- RFC 6902 patches (add, remove, replace) on the Lua form of gallery-rpc's state.
-- Arrays are 1-based Lua lists; JSON null is vim.NIL.
local M = {}

local function unescape(token)
  return (token:gsub("~1", "/"):gsub("~0", "~"))
end

local function is_list(t)
  return type(t) == "table" and vim.tbl_islist(t)
end

--- Splits a pointer into its tokens.
function M.tokens(pointer)
  local out = {}
  for token in (pointer .. "/"):sub(2):gmatch("(.-)/") do
    table.insert(out, unescape(token))
  end
  return out
end

--- The value at `pointer` in `doc`, or nil.
function M.get(doc, pointer)
  local node = doc
  for _, token in ipairs(M.tokens(pointer)) do
    if type(node) ~= "table" then return nil end
    if is_list(node) and token:match("^%d+$") then node = node[tonumber(token) + 1] else node = node[token] end
  end
  return node
end

--- Applies the operations in order; answers the new document.
function M.apply(doc, operations)
  for _, op in ipairs(operations) do
    if op.path == "" then
      doc = op.value
    else
      local tokens = M.tokens(op.path)
      local last = table.remove(tokens)
      local parent = doc
      for _, token in ipairs(tokens) do
        if is_list(parent) and token:match("^%d+$") then parent = parent[tonumber(token) + 1] else parent = parent[token] end
      end
      local array = is_list(parent) and (last == "-" or last:match("^%d+$")) and (#parent > 0 or op.op == "add")
      if array and next(parent) == nil and op.op == "add" and last ~= "0" and last ~= "-" then array = false end
      if array then
        local index = last == "-" and #parent + 1 or tonumber(last) + 1
        if op.op == "add" then table.insert(parent, index, op.value)
        elseif op.op == "remove" then table.remove(parent, index)
        else parent[index] = op.value end
      elseif op.op == "remove" then
        parent[last] = nil
      else
        parent[last] = op.value
      end
    end
  end
  return doc
end

return M
