-- What both soaks' wrk scripts print at the end (loaded with dofile from the repository's root):
-- each thread counts its answers in `statuses` (by status, or under "unexpected"); done() adds
-- the threads' counts and prints them, then wrk's summary.
local threads = {}
setup = function(thread) table.insert(threads, thread) end

statuses = {}

done = function(summary, latency, requests)
  local totals, keys = {}, {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      local key = tostring(status)
      if not totals[key] then table.insert(keys, key) end
      totals[key] = (totals[key] or 0) + count
    end
  end
  table.sort(keys)
  local line = "statuses"
  for _, key in ipairs(keys) do line = line .. " " .. key .. ":" .. totals[key] end
  io.write(line .. "\n")
  local e = summary.errors
  io.write(string.format("summary requests:%d connect:%d read:%d write:%d timeout:%d status:%d p99_ms:%.2f unexpected:%d\n",
    summary.requests, e.connect, e.read, e.write, e.timeout, e.status, latency:percentile(99) / 1000,
    totals["unexpected"] or 0))
end
