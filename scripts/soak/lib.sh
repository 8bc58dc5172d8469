# What scripts/soak-stubs and scripts/soak-review share: wrk, the release build, sampling a
# server's memory and open files, the minutes of load, and the checks at the end. Sourced.
#   soak_start NAME PID         after the server runs; NAME prefixes every message
#   soak_load SECONDS CLOSE     one wrk run (the caller's load function), its summary lines
#   soak_minutes MINUTES        warm-up, then MINUTES of load, keep-alive and not in turn
#   soak_check BOUND_MB         memory, open files and liveness; sets soak_status

soak_install_wrk() {
    command -v wrk >/dev/null 2>&1 && return
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends wrk >/dev/null
}

soak_pyramid() {
    swift build -c release --product pyramid >/dev/null
    # `pyramid stubs` runs pyramid-stubs beside it; built here, not in the middle of a soak.
    swift build -c release --product pyramid-stubs >/dev/null
    echo "$(swift build -c release --show-bin-path)/pyramid"
}

soak_start() {
    soak_name="$1" soak_server="$2"
    soak_work=$(mktemp -d)
}

soak_rss() { awk '/^VmRSS/ { print $2 }' "/proc/$soak_server/status"; }
soak_files() { ls "/proc/$soak_server/fd" | wc -l; }

# Runs `load SECONDS CLOSE` (the caller's) for a warm-up, then MINUTES one minute at a time,
# sampling the server every 10 s, and adds up wrk's summaries.
soak_minutes() {
    local minutes="$1" minute close result sampler
    echo "== warm-up: 30 s, then 10 s with a connection a request"
    load 30 0 >/dev/null
    load 10 1 >/dev/null
    sleep 2
    soak_warm_rss=$(soak_rss) soak_warm_files=$(soak_files)
    echo "after warm-up: RSS $((soak_warm_rss / 1024)) MB, $soak_warm_files open files"
    ( while kill -0 "$soak_server" 2>/dev/null; do echo "$(date +%s) $(soak_rss) $(soak_files)" >>"$soak_work/samples"; sleep 10; done ) &
    sampler=$!
    for minute in $(seq 1 "$minutes"); do
        close=$(( minute % 2 == 0 ? 1 : 0 ))
        result=$(load 60 "$close")
        echo "minute $minute ($([ "$close" = 1 ] && echo "a connection a request" || echo keep-alive)): $(echo "$result" | tr '\n' ' ')"
        echo "$result" | sed -n 's/^summary //p' >>"$soak_work/totals"
    done
    kill "$sampler" 2>/dev/null || true
    sleep 2
}

# Prints the totals, memory and open files; soak_status is 1 when the server died, its RSS grew
# past BOUND_MB over its RSS after warm-up, or it holds more open files than after warm-up.
soak_check() {
    local bound_mb="$1" end_rss end_files max_rss
    soak_status=0
    if ! kill -0 "$soak_server" 2>/dev/null; then echo "$soak_name: the server died" >&2; soak_status=1; return; fi
    end_rss=$(soak_rss) end_files=$(soak_files)
    max_rss=$(awk '{ if ($2 > m) m = $2 } END { print m + 0 }' "$soak_work/samples")
    awk '{ for (i = 1; i <= NF; i++) { split($i, kv, ":"); sum[kv[1]] += kv[2] } }
         END { printf "total: %d requests; errors: connect %d, read %d, write %d, timeout %d; non-2xx/3xx %d\n",
               sum["requests"], sum["connect"], sum["read"], sum["write"], sum["timeout"], sum["status"] }' "$soak_work/totals"
    echo "RSS: $((soak_warm_rss / 1024)) MB after warm-up, $((max_rss / 1024)) MB at most, $((end_rss / 1024)) MB at the end (bound: +$bound_mb MB)"
    echo "open files: $soak_warm_files after warm-up, $end_files at the end"
    if [ $((end_rss - soak_warm_rss)) -gt $((bound_mb * 1024)) ]; then echo "$soak_name: RSS grew by $(((end_rss - soak_warm_rss) / 1024)) MB" >&2; soak_status=1; fi
    if [ "$end_files" -gt "$soak_warm_files" ]; then echo "$soak_name: $((end_files - soak_warm_files)) more open files than after warm-up" >&2; soak_status=1; fi
}
