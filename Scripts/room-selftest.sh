#!/usr/bin/env bash
# The live room's self-test, for maintainers and CI (Scripts/selftest.sh calls it). On loopback
# only, every step bounded in time, about a minute and a half in all. It proves that:
#   1. --room-serve prints the projector URL, the join line and the instructor link; a second
#      --room-serve on the same checkout refuses in one line naming the first; Ctrl-C closes it;
#   2. --join / --leave work from several checkouts, --leave takes the row off the page, a machine
#      adds at most 3 rows, and bad joins say why in one line;
#   3. the room keeps what it should: its state lives beside the checkout's kept state, not in
#      .build (rm -rf .build reopens it with its code and rows; an older grader's room moves out),
#      --code reopens a room by its code, and a join or a re-join after a removal shows the last
#      grades at once;
#   4. a real grade of Exercises/ sends its verdicts; with the room down it keeps them in the
#      outbox without holding up the grade, and the next grade delivers them after a restart;
#   5. headless Chromium with a room of 30 at 1920x1080, 1280x800, 1280x720 and on a phone, each
#      measured: nothing cut or scrolled sideways, the stuck first, rows of at least 16 px, Looks
#      stuck, Explain next, the legend and the controls on the first screen, every row there or
#      named in the bar that says to scroll, Per exercise reached one button away and listing only
#      exercises graded past the starter; a posted verdict appears without a reload; a name made of markup is text; the instructor
#      renames and removes rows on the page (skipped when Chromium is missing, except under
#      CI=true). Its screenshots are kept in .build/kata/room-shots/ (ROOM_SHOTS=DIR elsewhere).
# The room's own tests (Tests/KataRoomTests) run with the rest in `swift test`, among them the
# load (30 attendees every 2 s from machines of their own, 5 page watchers and one sending garbage:
# no error, nothing lost), the restart (a server stopped dead mid-load loses nothing acknowledged,
# queued results arrive: RoomLoadTests) and the limits (70 joins from one machine add 3 rows; only
# the instructor key removes and renames; 200 idle connections from one machine, and 1,000 from
# eight addresses of one, leave the room to the others: RoomServerTests).
# Scripts/room-check.py (Python standard library) drives 5; the kata itself never needs Python.
# It ends with "N passed, N failed" and exits non-zero when anything failed.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
grade="$root/Scripts/grade.sh"
grader="$root/.build/kata/grader/debug/KataGrader"
work="$(mktemp -d "${TMPDIR:-/tmp}/kata-room-selftest.XXXXXX")"
pids=()
state="$root/.build/kata"
source "$root/Scripts/lib/checks.sh"
source "$root/Scripts/lib/portable.sh"
# The real checkout joins a test room in step 4: its own join, if any, is put back afterwards.
source "$root/Scripts/lib/room-test.sh"
trap stop_rooms_and_restore_join EXIT
trap 'exit 130' INT TERM


# A scratch "checkout" with the catalog only: enough for the room and for --join, and its state
# folder is the test's, never a real room's.
scratch() { mkdir -p "$1"; cp -R "$root/Catalog" "$1/"; }
# start_room ROOT PORT LOG [ARGS…]: starts the room in the background; sets room_pid, join_url and key.
start_room() {
  local at="$1" on="$2" log="$3"
  shift 3
  "$grader" "$at" --room-serve --bind 127.0.0.1 --port "$on" ${1+"$@"} >"$log" 2>&1 &
  room_pid=$!
  pids+=("$room_pid")
  for _ in $(seq 50); do grep -q 'Instructor:' "$log" && break; sleep 0.1; done
  join_url="$(grep -o 'http://[^ ]*?room=[A-Z0-9]*' "$log" | tail -1)"
  key="$(grep -o '#key=[A-Za-z0-9]*' "$log" | tail -1 | cut -d= -f2)"
}
room_names() { room_json "$1" | python3 -c 'import json, sys; print(",".join(sorted(a["name"] for a in json.load(sys.stdin)["attendees"])))'; }

if ! command -v python3 >/dev/null 2>&1; then
  fail "python3 is on the PATH (the room's self-test drives its clients with it; Debian: apt-get install -y python3)"
  summary; exit 1
fi

section "Build the grader"
if "$grade" --help all >"$work/help.txt" 2>&1 && grep -q -- '--room-serve' "$work/help.txt"; then
  pass "grade.sh builds the grader, and --help all lists the room"
else
  fail "grade.sh builds the grader" "$(tail -5 "$work/help.txt")"
  summary; exit 1
fi

section "Serving, joining, leaving"
scratch "$work/room"
port="$(free_port)"
start_room "$work/room" "$port" "$work/serve.log"
if [ -n "$join_url" ] && grep -q "Projector:  http://127.0.0.1:$port/" "$work/serve.log" \
   && grep -q -- "Scripts/grade.sh --join '$join_url' --name 'Your Name'" "$work/serve.log" \
   && grep -q "Instructor: http://127.0.0.1:$port/#key=$key" "$work/serve.log" && [ "${#key}" = 32 ]; then
  pass "--room-serve prints the projector URL, the join line with its room code, and the instructor link"
else
  fail "--room-serve prints the projector URL, the join line and the instructor link" "$(cat "$work/serve.log")"
fi
second="$(with_timeout 10 TERM "$grader" "$work/room" --room-serve --bind 127.0.0.1 --port "$(free_port)" 2>&1)"; status=$?
if [ "$status" = 3 ] && [ "$(printf '%s\n' "$second" | wc -l)" = 1 ] && printf '%s' "$second" | grep -q "already open on this checkout (pid $room_pid, http://127.0.0.1:$port/)" \
   && kill -0 "$room_pid" 2>/dev/null && [ -n "$(room_json "$port")" ]; then
  pass "a second --room-serve on the same checkout refuses in one line, naming the first's pid and URL"
  printf '      %s\n' "$second"
else
  fail "a second --room-serve on the same checkout refuses in one line" "exit $status: $second"
fi
scratch "$work/ana"; scratch "$work/bruno"
"$grader" "$work/ana" --join "$join_url" --name "Ana" >"$work/join-ana.txt" 2>&1; ana=$?
"$grader" "$work/bruno" --join "$join_url" --name "Bruno" >"$work/join-bruno.txt" 2>&1; bruno=$?
names="$(room_names "$port")"
if [ "$ana$bruno" = "00" ] && [ "$names" = "Ana,Bruno" ]; then
  pass "two checkouts join one room and both rows appear"
else
  fail "two checkouts join one room" "exit codes $ana $bruno; names: $names" "$(cat "$work/join-ana.txt")"
fi
wrong="$("$grader" "$work/bruno" --join "${join_url%=*}=NOPE23" --name "Bruno" 2>&1)"; status=$?
if [ "$status" = 1 ] && [ "$(printf '%s\n' "$wrong" | wc -l)" = 1 ] && printf '%s' "$wrong" | grep -q "wrong room code"; then
  pass "a wrong room code is refused in one line"
else
  fail "a wrong room code is refused in one line" "exit $status: $wrong"
fi
"$grader" "$work/bruno" --join "$join_url" >"$work/noname.txt" 2>&1; status=$?
if [ "$status" = 2 ] && grep -q -- "--name" "$work/noname.txt"; then pass "--join without --name is a usage error"
else fail "--join without --name is a usage error" "exit $status: $(cat "$work/noname.txt")"; fi
left="$("$grader" "$work/bruno" --leave)"; again="$("$grader" "$work/bruno" --leave)"; names="$(room_names "$port")"
if [ ! -e "$(attendee_state "$work/bruno")/room-join.json" ] && printf '%s' "$left" | grep -q "off its page" && printf '%s' "$again" | grep -q "had not joined" \
   && [ "$names" = "Ana" ]; then
  pass "--leave takes the row off the page and forgets the room"
else
  fail "--leave takes the row off the page" "$left" "$again" "rows left: $names"
fi
# This machine (127.0.0.1) holds Ana; two more fit, a fourth is refused in one line.
for who in carla dora eve; do scratch "$work/$who"; done
"$grader" "$work/carla" --join "$join_url" --name "Carla" >/dev/null 2>&1
"$grader" "$work/dora" --join "$join_url" --name "Dora" >/dev/null 2>&1
refused="$("$grader" "$work/eve" --join "$join_url" --name "Eve" 2>&1)"; status=$?
if [ "$status" = 1 ] && [ "$(printf '%s\n' "$refused" | wc -l)" = 1 ] && printf '%s' "$refused" | grep -q "this machine (127.0.0.1) already has 3 rows in the room (Ana, Carla, Dora)" \
   && [ "$(room_names "$port")" = "Ana,Carla,Dora" ]; then
  pass "a machine adds at most 3 rows; the fourth join is refused in one line that says what to do"
  printf '      %s\n' "$refused"
else
  fail "a machine adds at most 3 rows" "exit $status: $refused" "rows: $(room_names "$port")"
fi
"$grader" "$work/carla" --leave >/dev/null; "$grader" "$work/dora" --leave >/dev/null; "$grader" "$work/ana" --leave >/dev/null
kill -INT "$room_pid"
if wait "$room_pid" && grep -q "closed" "$work/serve.log"; then pass "Ctrl-C closes the room"
else fail "Ctrl-C closes the room" "$(tail -3 "$work/serve.log")"; fi

section "The room keeps what it should: its state outside .build, reopened by its code; a join shows the last grades"
scratch "$work/keep"
port="$(free_port)"
start_room "$work/keep" "$port" "$work/keep.log"
code="${join_url##*=}"
kept_file="$(attendee_state "$work/keep")/room/state.json"
# An attendee who graded before joining: their last grades (one done, one missing a bug) show at once.
scratch "$work/fay"
mkdir -p "$(attendee_state "$work/fay")"
cat >"$(attendee_state "$work/fay")/last-grade.json" <<'EOF2'
{"nextSeq": 3, "tracks": {"mocking-request@xctest": {"verdict": "done", "seq": 1},
 "mocking-success@xctest": {"verdict": "misses bugs", "seq": 2, "missed": ["success-never-called"]},
 "no-such-exercise@xctest": {"verdict": "done", "seq": 0}}}
EOF2
"$grader" "$work/fay" --join "$join_url" --name "Fay" >"$work/join-fay.txt" 2>&1; status=$?
fay_row() { room_json "$1" | python3 -c '
import json, sys
rows = [a for a in json.load(sys.stdin)["attendees"] if a["name"] == "Fay"]
if not rows: print("no row"); sys.exit()
r = rows[0]["results"]
print("%d/%d %s %s" % (rows[0]["done"], len(r), r.get("mocking-request", {}).get("verdict"), ",".join(r.get("mocking-success", {}).get("missed", []))))'; }
shown="$(fay_row "$port")"
if [ "$status" = 0 ] && [ "$shown" = "1/2 done success-never-called" ] && grep -q "Sent your last verdicts of 2 exercises" "$work/join-fay.txt"; then
  pass "a join sends what the last grades know: the new row shows 1 done and the bug missed before any grade"
else
  fail "a join sends the last grades' verdicts" "exit $status; row: $shown" "$(cat "$work/join-fay.txt")"
fi
# The instructor removes the row; the attendee's --join brings it back whole, not empty.
fay_id="$(room_json "$port" | python3 -c 'import json, sys; print([a["id"] for a in json.load(sys.stdin)["attendees"] if a["name"] == "Fay"][0])')"
python3 - "$port" "$key" "$fay_id" <<'EOF2'
import http.client, json, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=5)
c.request("POST", "/api/remove", body=json.dumps({"key": sys.argv[2], "attendee": sys.argv[3]}), headers={"Content-Type": "application/json"})
c.getresponse().read()
EOF2
removed="$(fay_row "$port")"
"$grader" "$work/fay" --join "$join_url" --name "Fay" >/dev/null 2>&1
shown="$(fay_row "$port")"
if [ "$removed" = "no row" ] && [ "$shown" = "1/2 done success-never-called" ]; then
  pass "a re-join after the instructor removed the row shows the last grades at once"
else
  fail "a re-join after removal shows the last grades" "after removal: $removed; after --join: $shown"
fi
kill -INT "$room_pid"; wait "$room_pid"
# rm -rf .build on the instructor's laptop: the same room, code and rows.
mkdir -p "$work/keep/.build/kata"; rm -rf "$work/keep/.build"
start_room "$work/keep" "$port" "$work/keep2.log"
if [ -f "$kept_file" ] && [ "${join_url##*=}" = "$code" ] && [ "$(fay_row "$port")" = "1/2 done success-never-called" ] \
   && grep -q "with the 1 attendee it had" "$work/keep2.log" && [ ! -e "$work/keep/.build/kata/room" ]; then
  pass "the room lives beside the checkout's kept state, not in .build: rm -rf .build reopens room $code with its rows"
else
  fail "the room survives rm -rf .build" "code $code then ${join_url##*=}; file $kept_file; row $(fay_row "$port")" "$(cat "$work/keep2.log")"
fi
kill -INT "$room_pid"; wait "$room_pid"
# Its state lost (another laptop, a deleted folder): --code reopens the room the attendees joined.
mv "$kept_file" "$work/lost-state.json"
start_room "$work/keep" "$port" "$work/keep3.log"
other="${join_url##*=}"
kill -INT "$room_pid"; wait "$room_pid"
refused="$(with_timeout 10 TERM "$grader" "$work/keep" --room-serve --bind 127.0.0.1 --port "$port" --code "$code" 2>&1)"; status=$?
rm -f "$kept_file"
start_room "$work/keep" "$port" "$work/keep4.log" --code "$(printf '%s' "$code" | tr 'A-Z' 'a-z')"
if [ "$other" != "$code" ] && [ "$status" = 3 ] && printf '%s' "$refused" | grep -q "this checkout's room is $other" \
   && [ "${join_url##*=}" = "$code" ] && grep -q "open again, by its code" "$work/keep4.log"; then
  pass "--room-serve --code $code reopens the room by its code (and never replaces a kept room of another code)"
else
  fail "--room-serve --code reopens a room by its code" "kept $other, asked $code, exit $status: $refused" "$(cat "$work/keep4.log")"
fi
# The legacy place: a room an older grader kept in .build/kata/room moves beside the kept state.
kill -INT "$room_pid"; wait "$room_pid"
rm -f "$kept_file"; mkdir -p "$work/keep/.build/kata/room"; mv "$work/lost-state.json" "$work/keep/.build/kata/room/state.json"
start_room "$work/keep" "$port" "$work/keep5.log"
if [ "${join_url##*=}" = "$code" ] && [ -f "$kept_file" ] && [ ! -e "$work/keep/.build/kata/room/state.json" ]; then
  pass "a room kept in .build/kata/room by an older grader moves out of .build and reopens with its code"
else
  fail "an older grader's room moves out of .build" "code ${join_url##*=}, expected $code" "$(cat "$work/keep5.log")"
fi
kill -INT "$room_pid"; wait "$room_pid"

section "A real grade sends its verdicts, and keeps them while the room is down"
if [ ! -d "$state/exercises" ]; then
  skip "this checkout has not graded Exercises/ yet (a cold build would take minutes); selftest.sh grades first"
else
  set_join_aside  # --join --name signs the checkout's results too: its name is put back as well.
  exercise="$("$grade" --list --porcelain | head -1 | cut -f1)"
  port="$(free_port)"
  start_room "$work/room" "$port" "$work/serve2.log"
  "$grade" --join "$join_url" --name "This checkout" >/dev/null 2>&1
  kill -INT "$room_pid"; wait "$room_pid"
  # The room is down: the grade prints its verdict, then keeps the result for later.
  with_timeout 300 INT "$grade" --porcelain "$exercise" >"$work/grade-down.tsv" 2>"$work/grade-down.err"
  kept="$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$join_state/room-outbox.json" 2>/dev/null)"
  if grep -q "^$exercise" "$work/grade-down.tsv" && grep -q "kept for the next grade" "$work/grade-down.err" && [ "$kept" = 1 ]; then
    pass "with the room down, the grade gives its verdict and keeps the result in the outbox"
  else
    fail "with the room down, the grade keeps the result" "outbox entries: ${kept:-none}" "$(cat "$work/grade-down.err")"
  fi
  start_room "$work/room" "$port" "$work/serve3.log"
  with_timeout 300 INT "$grade" --porcelain "$exercise" >"$work/grade-up.tsv" 2>"$work/grade-up.err"
  verdict="$(cut -f2 "$work/grade-up.tsv" | head -1)"
  shown="$(room_json "$port" | python3 -c '
import json, sys
room = json.load(sys.stdin)
row = [a for a in room["attendees"] if a["name"] == "This checkout"]
print(row[0]["results"].get(sys.argv[1], {}).get("verdict", "none") if row else "no row")' "$exercise")"
  if [ "$shown" = "$verdict" ] && [ ! -e "$join_state/room-outbox.json" ] && ! grep -q '^room:' "$work/grade-up.err"; then
    pass "after a restart, the next grade delivers it: the room shows '$verdict' for $exercise"
  else
    fail "after a restart, the next grade delivers the queued result" "room shows: $shown; graded: $verdict" "$(cat "$work/grade-up.err")"
  fi
  # The instructor lost the room's state and reopens it by its code: the next grade joins it again
  # as the same row, with everything the last grades know.
  code="${join_url##*=}"
  kill -INT "$room_pid"; wait "$room_pid"
  rm -f "$(attendee_state "$work/room")/room/state.json"
  start_room "$work/room" "$port" "$work/serve4.log" --code "$code"
  with_timeout 300 INT "$grade" --porcelain "$exercise" >/dev/null 2>"$work/grade-again.err"
  shown="$(room_json "$port" | python3 -c '
import json, sys
row = [a for a in json.load(sys.stdin)["attendees"] if a["name"] == "This checkout"]
print(row[0]["results"].get(sys.argv[1], {}).get("verdict", "none") if row else "no row")' "$exercise")"
  if [ "${join_url##*=}" = "$code" ] && [ "$shown" = "$verdict" ] && ! grep -q '^room:' "$work/grade-again.err"; then
    pass "reopened by its code with none of its rows, the room gets this checkout's row back at its next grade: '$verdict' for $exercise"
  else
    fail "a room reopened by its code gets the row back at the next grade" "room shows: $shown" "$(cat "$work/grade-again.err")"
  fi
  "$grade" --leave >/dev/null
  kill -INT "$room_pid"; wait "$room_pid"
fi

section "A real browser: a room of 30 at 1920x1080, 1280x800, 1280x720 and on a phone"
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  if [ "${CI:-}" = true ]; then fail "headless Chromium is installed (CI installs Debian's chromium)"
  else skip "headless Chromium: not installed (Debian: apt-get install -y chromium)"; fi
else
  scratch "$work/browser"
  # Kept in the checkout's ignored state folder, for a maintainer (or CI) to look at.
  shots="${ROOM_SHOTS:-$state/room-shots}"
  if with_timeout 150 TERM python3 "$root/Scripts/room-check.py" browser "$grader" "$work/browser" --shots "$shots" >"$work/browser.txt" 2>&1; then
    pass "headless Chromium: nothing cut or scrolled sideways, rows of 16 px or more, what the instructor needs on the first screen (or named there), the instructor's controls work, and the room merged from results files opens as a file"
    grep -v '^PASS' "$work/browser.txt" | sed 's/^/      /'
  else
    fail "headless Chromium" "$(cat "$work/browser.txt")"
  fi
  # The check killed outright (kill -9) once its browser is up: the browser and the room it started
  # go with it, as the kernel ends them (setpriv's parent-death signal, Linux's), not orphans left running.
  if [ "$(uname)" != Linux ]; then skip "kill -9 of the browser check: the parent-death signal is Linux's"; else
  scratch "$work/browser-killed"
  python3 "$root/Scripts/room-check.py" browser "$grader" "$work/browser-killed" --shots "$work/browser-killed/shots" >/dev/null 2>&1 &
  check_pid=$!
  for _ in $(seq 1 300); do pgrep -f "$work/browser-killed --room-serve" >/dev/null && pgrep -f "room-chromium-" >/dev/null && break; sleep 0.1; done
  sleep 2; kill -9 "$check_pid"; wait "$check_pid" 2>/dev/null; sleep 2
  left="$(pgrep -fl "room-chromium-|$work/browser-killed --room-serve")"
  check "kill -9 of the browser check leaves no browser and no room running" "" "$left"
  [ -z "$left" ] || pkill -9 -f "room-chromium-|$work/browser-killed --room-serve"
  fi
fi

summary
