-- wrk script for scripts/soak-stubs: a mix of what a test suite sends a stub server, in turn:
-- matched GETs (path templates, query), JSON POSTs (equalToJson, JSONPath), a scenario, faults,
-- unmatched requests (404 with a near-miss report) and admin calls (journal counts and finds,
-- mapping lists). SOAK_CLOSE=1 closes the connection after every request.
local requests = {}
local function add(method, path, body, headers)
  headers = headers or {}
  if body then headers["Content-Type"] = "application/json" end
  if os.getenv("SOAK_CLOSE") == "1" then headers["Connection"] = "close" end
  table.insert(requests, wrk.format(method, path, headers, body))
end
for i = 1, 8 do add("GET", "/api/articles/" .. i .. "?lang=ja") end
add("GET", "/api/articles/9?lang=en")
add("POST", "/api/login", '{"user":"taro","password":"secret","device":{"os":"iOS","version":18}}')
add("POST", "/api/cart/items", '{"items":[{"id":1,"price":12},{"id":2,"price":8.95}]}')
add("GET", "/api/cart")
add("GET", "/api/slow")
add("GET", "/api/reset")
add("GET", "/api/malformed")
add("GET", "/api/nothing/here")
add("POST", "/api/login", '{"user":"hanako"}')
add("GET", "/__admin/requests/count")
add("POST", "/__admin/requests/count", '{"method":"GET","urlPathPattern":"/api/articles/.*"}')
add("POST", "/__admin/requests/find", '{"method":"POST","url":"/api/login"}')
add("GET", "/__admin/mappings")
add("GET", "/__admin/requests/unmatched")
add("GET", "/__admin/health")

local counter = 0
request = function()
  counter = counter + 1
  return requests[(counter % #requests) + 1]
end

-- Each thread counts its responses by status (scripts/soak/summary.lua adds them up).
dofile("scripts/soak/summary.lua")

response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
