# What GNU (Linux) and BSD (macOS) userlands spell differently, said once for the scripts, which
# must run on macOS's bash 3.2 too (docs/platforms.md, "Scripts"). Scripts/lib/portability.sh is
# the check that nothing else slips in; the self-test runs it.

# with_timeout SECONDS SIGNAL COMMAND…: runs COMMAND, sends it SIGNAL after SECONDS and KILL five
# seconds later; its exit status (124 when GNU timeout stopped it). GNU timeout where there is one;
# macOS has none, so there a watchdog polls once a second.
with_timeout() {
  local seconds="$1" signal="$2"
  shift 2
  if command -v timeout >/dev/null 2>&1; then timeout -k 5 -s "$signal" "$seconds" "$@"; return; fi  # portable: fallback below
  # A command started with & ignores SIGINT in a script: give it the default back.
  ( trap - INT; exec "$@" ) &
  local pid=$! code
  ( elapsed=0
    while [ "$elapsed" -lt "$seconds" ] && kill -0 "$pid" 2>/dev/null; do sleep 1; elapsed=$((elapsed + 1)); done
    kill -s "$signal" "$pid" 2>/dev/null
    elapsed=0
    while [ "$elapsed" -lt 5 ] && kill -0 "$pid" 2>/dev/null; do sleep 1; elapsed=$((elapsed + 1)); done
    kill -s KILL "$pid" 2>/dev/null ) &
  local watchdog=$!
  wait "$pid"; code=$?
  kill "$watchdog" 2>/dev/null; wait "$watchdog" 2>/dev/null
  return "$code"
}

# processes_matching PATTERN: pid and command line of every process whose command line matches
# (procps `pgrep -af`; BSD pgrep's -a means something else).
processes_matching() {
  pgrep -f "$1" | while read -r pid; do ps -o pid= -o args= -p "$pid" 2>/dev/null; done
}

# seconds_now: the time with a fraction (GNU `date +%s.N`; BSD date has no nanoseconds).
seconds_now() { python3 -c 'import time; print("%.3f" % time.time())'; }

# cores: the number of processors online (GNU `nproc`).
cores() { getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 1; }
