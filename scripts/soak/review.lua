-- wrk script for scripts/soak-review: what a reviewer's browser sends `pyramid review`, and what
-- the server must refuse, in turn; each request with the status it must get. Run with one
-- connection a thread, so a thread's answers come in the order of its requests.
-- SOAK_TOKEN: the token; SOAK_PORT: the port; SOAK_FAILED: a file of failing cells' ids, one a
-- line; SOAK_CLOSE=1 closes the connection after every request.
local requests, expected = {}, {}
local function add(status, method, path, headers, body)
  headers = headers or {}
  headers["Host"] = headers["Host"] or ("127.0.0.1:" .. os.getenv("SOAK_PORT"))
  if os.getenv("SOAK_CLOSE") == "1" then headers["Connection"] = "close" end
  table.insert(requests, wrk.format(method, path, headers, body))
  table.insert(expected, status)
end

init = function(args)
  local token, port = os.getenv("SOAK_TOKEN"), os.getenv("SOAK_PORT")
  local cookie = { Cookie = "pyramid-review-" .. port .. "=" .. token }
  local function with(extra)
    local headers = {}
    for key, value in pairs(extra) do headers[key] = value end
    return headers
  end
  local failed = {}
  for line in io.lines(os.getenv("SOAK_FAILED")) do
    if line ~= "" then table.insert(failed, line) end
  end
  add(200, "GET", "/?token=" .. token)
  for i = 1, math.min(#failed, 6) do
    add(200, "GET", "/files/" .. failed[i], with(cookie))
  end
  add(200, "GET", "/artifacts/0", with(cookie))
  add(200, "GET", "/", with(cookie))
  local decision = { ["X-Pyramid-Token"] = token, ["Content-Type"] = "application/json",
                     Origin = "http://127.0.0.1:" .. port }
  add(200, "POST", "/reject", with(decision), '{"file":"' .. failed[1] .. '"}')
  add(200, "POST", "/approve", with(decision), '{"file":"' .. failed[2] .. '"}')
  add(404, "POST", "/reject", with(decision), '{"file":"Nowhere/iPhone16/none.light_en.png"}')
  add(400, "POST", "/reject", with(decision), '{"file":')
  add(403, "GET", "/")
  add(403, "GET", "/files/" .. failed[1], { Cookie = "pyramid-review-" .. port .. "=wrong" })
  add(403, "GET", "/?token=" .. token, { Host = "evil.example:" .. port })
  add(403, "POST", "/reject", { ["Content-Type"] = "application/json" }, '{"file":"' .. failed[1] .. '"}')
  add(403, "POST", "/approve", with({ ["X-Pyramid-Token"] = token, ["Content-Type"] = "application/json",
                                      Origin = "http://evil.example" }), '{"file":"' .. failed[1] .. '"}')
  add(404, "GET", "/nothing/here", with(cookie))
  add(400, "GET", "/files/../../etc/passwd.png", with(cookie))
end

local counter, pending = 0, nil
request = function()
  counter = counter + 1
  local index = (counter % #requests) + 1
  pending = expected[index]
  return requests[index]
end

dofile("scripts/soak/summary.lua")

response = function(status, headers, body)
  local key = status
  if status ~= pending then key = "unexpected" end
  statuses[key] = (statuses[key] or 0) + 1
end
