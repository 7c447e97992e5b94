# What the self-tests share: their way of saying what passed (one line per check, and a final
# "N passed, N failed"), where an attendee's state lives, and a test room. Sourced by each.
passed=0
failed=0
pass() { passed=$((passed + 1)); printf '  ok    %s\n' "$1"; }
# fail NAME [line…]: the lines, indented under the name, say why.
# Each failure is said again, whole, above the summary: a long run's output is often read from
# its end (CI shows its last lines), where the failures' reasons would otherwise be missing.
failures=""
fail() {
  failed=$((failed + 1)); printf '  FAIL  %s\n' "$1"
  failures="$failures  FAIL  $1"$'\n'
  shift; for line in "$@"; do
    printf '        %s\n' "$line"; failures="$failures        $line"$'\n'
  done
}
skip() { printf '  skip  %s\n' "$1"; }
# Each section ends with the time it took, so that a slow self-test says where its time went
# (bash's SECONDS, which bash 3.2 has too); the steps' times are said again above the summary.
section_title=""
section_started=0
step_times=""
section_end() {
  [ -n "$section_title" ] || return 0
  local took=$((SECONDS - section_started))
  printf '  (step took %d s)\n' "$took"
  step_times="$step_times$(printf '%6d s  %s' "$took" "$section_title")"$'\n'
  section_title=""
}
section() {
  section_end
  printf '\n== %s\n' "$1"
  section_title="$1"; section_started=$SECONDS
}
# check NAME EXPECTED ACTUAL [context…]
check() {
  if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "expected: $2" "actual:   $3" "${@:4}"; fi
}
# The last line of a self-test; its status is the self-test's.
summary() {
  section_end
  [ -z "$step_times" ] || printf '\nTime per step (%d s in all):\n%s' "$SECONDS" "$step_times"
  [ -z "$failures" ] || printf '\nWhat failed, again:\n%s' "$failures"
  printf '\n%d passed, %d failed\n' "$passed" "$failed"
  [ "$failed" -eq 0 ]
}

# attendee_state ROOT: where the grader keeps an attendee's own state for the checkout ROOT
# (name, framework, room join, last verdicts, backups): what Sources/KataGrading/Course/
# AttendeeState.swift decides, said again for the self-tests. .kata/ when it exists, else the
# checkout's git folder's kata/, else .kata/.
attendee_state() {
  if [ -d "$1/.kata" ]; then echo "$1/.kata"
  elif [ -d "$1/.git" ] && [ -w "$1/.git" ]; then echo "$1/.git/kata"
  elif [ -f "$1/.git" ]; then
    local dir; dir="$(sed -n 's/^gitdir: *//p' "$1/.git" | head -n 1)"
    case "$dir" in /*) ;; *) dir="$1/$dir" ;; esac
    echo "$dir/kata"
  else echo "$1/.kata"; fi
}

# room_open GRADER FOLDER: a room on loopback, served by GRADER from FOLDER, a scratch folder given
# a copy of the catalog (the room's state is the test's, never a real room's; its log is
# FOLDER/serve.log). Sets room_pid, port, and join_url (empty when the room did not open).
room_open() {
  mkdir -p "$2"; cp -R "$root/Catalog" "$2/"
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  "$1" "$2" --room-serve --bind 127.0.0.1 --port "$port" >"$2/serve.log" 2>&1 &
  room_pid=$!
  local tries=0
  while [ "$tries" -lt 100 ] && ! grep -q 'Instructor:' "$2/serve.log"; do sleep 0.1; tries=$((tries + 1)); done
  join_url="$(grep -o 'http://[^ ]*?room=[A-Z0-9]*' "$2/serve.log" | tail -n 1)"
}
# room_json [KEY]: what the open room's /api/room answers now, or its KEY.
room_json() {
  python3 -c 'import http.client, json, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=5)
c.request("GET", "/api/room"); room = json.loads(c.getresponse().read().decode())
print(room[sys.argv[2]] if len(sys.argv) > 2 else json.dumps(room))' "$port" "$@"
}

# on_terminal COMMAND…: runs COMMAND with a terminal (a pseudo-terminal, as script(1) gives, whose
# options differ between util-linux and BSD) as its output, and prints what it printed.
on_terminal() {
  python3 -c 'import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
out = b""
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
os.waitpid(pid, 0)
sys.stdout.write(out.decode("utf-8", "replace"))' "$@"
}
