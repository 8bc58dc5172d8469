# Shared by scripts/stress-ui and scripts/stress-scenarios (sourced, from the checkout's root).
#
# stress_prepare NAME DEFAULT_REPETITIONS "$@" reads the arguments, [--binary TEST_BINARY]
# [REPETITIONS], and sets $binary and $repetitions. --binary is the reference app's test binary,
# already built by scripts/build-examples (scripts/test builds it once, before the steps that run
# beside the stress runs); without it, it is built here, as pyramid demo builds the Examples, with
# coverage, so one build serves both. The binary's profiles go to a folder removed at the end.
# Every core is then kept busy until the script ends: busy loops, or the process STRESS_LOAD_PID
# while it lives (scripts/test runs the consumer packages' builds beside), then busy loops.
stress_prepare() {
    local name=$1 default=$2
    shift 2
    binary=""
    if [ "${1:-}" = "--binary" ]; then
        binary="${2:?usage: scripts/$name [--binary TEST_BINARY] [REPETITIONS]}"
        [ -x "$binary" ] || { echo "$name: --binary $binary is not an executable file" >&2; exit 2; }
        shift 2
    fi
    repetitions="${1:-$default}"
    case "$repetitions" in ''|*[!0-9]*|0) echo "$name: REPETITIONS must be a whole number above 0, not '$repetitions'" >&2; exit 2;; esac
    if [ -z "$binary" ]; then
        local build_log
        build_log=$(mktemp)
        binary=$(scripts/build-examples 2>"$build_log") || { tail -n 30 "$build_log" >&2; exit 1; }
        rm -f "$build_log"
    fi
    stress_profiles=$(mktemp -d)
    export LLVM_PROFILE_FILE="$stress_profiles/%p-%m.profraw"
    scripts/busy-cores ${STRESS_LOAD_PID:+--after "$STRESS_LOAD_PID"} &
    stress_load=$!
    trap 'kill "$stress_load" 2>/dev/null || true; wait "$stress_load" 2>/dev/null || true; rm -rf "$stress_profiles"' EXIT
}
