#!/usr/bin/env bash
# The live room's self-test in a real browser, for maintainers and CI (Scripts/selftest.sh calls
# it). On loopback only, every step bounded in time, a minute or two in all (more when grade.sh
# builds the grader cold). It builds the grader through grade.sh, then drives headless Chromium
# (Scripts/room-check.py, Python standard library; the kata itself never needs Python) with a room
# of 30 at 1920x1080, 1280x800, 1280x720 and on a phone, each measured: nothing cut or scrolled
# sideways, the stuck first, what is read from the back in 16 px at least (or left off, and said
# so), rows of at least 16 px, Looks stuck, Explain next, the legend and the
# controls on the first screen, every row there or named in the bar that says to scroll, Per
# exercise reached one button away and listing only exercises graded past the starter; a posted
# verdict appears without a reload; a name made of markup is text; the instructor renames and
# removes rows on the page (skipped when Chromium is missing, except under CI=true). Its screenshots
# are kept in .build/kata/room-shots/ (ROOM_SHOTS=DIR elsewhere). Then it kills the check outright
# and finds no browser and no room left running. Only what needs a real browser, real processes
# killed outright and grade.sh itself is here. The rest of the room runs under `swift test`:
# RoomEndToEndTests (Tests/KataEndToEndTests) drives the real grader binary on loopback (serving,
# joining and leaving, a machine's 3 rows, what the room keeps across restarts, rm -rf .build and
# --code, a join showing the last grades, a real grade that sends its verdicts and keeps them while
# the room is down), and Tests/KataRoomTests the load (30 attendees every 2 s from machines of their
# own, 5 page watchers and one sending garbage: no error, nothing lost), the restart (a server
# stopped dead mid-load loses nothing acknowledged, queued results arrive: RoomLoadTests) and the
# limits (70 joins from one machine add 3 rows; only the instructor key removes and renames; 200
# idle connections from one machine, and 1,000 from eight addresses of one, leave the room to the
# others: RoomServerTests).
# It ends with "N passed, N failed" and exits non-zero when anything failed.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
grade="$root/Scripts/grade.sh"
grader="$root/.build/kata/grader/debug/KataGrader"
work="$(mktemp -d "${TMPDIR:-/tmp}/kata-room-selftest.XXXXXX")"
state="$root/.build/kata"
source "$root/Scripts/lib/checks.sh"
source "$root/Scripts/lib/portable.sh"
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# A scratch "checkout" with the catalog only: enough for the room, and its state folder is the
# test's, never a real room's.
scratch() { mkdir -p "$1"; cp -R "$root/Catalog" "$1/"; }

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

section "A real browser: a room of 30 at 1920x1080, 1280x800, 1280x720 and on a phone"
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  if [ "${CI:-}" = true ]; then fail "headless Chromium is installed (CI installs Debian's chromium)"
  else skip "headless Chromium: not installed (Debian: apt-get install -y chromium)"; fi
else
  scratch "$work/browser"
  # Kept in the checkout's ignored state folder, for a maintainer (or CI) to look at.
  shots="${ROOM_SHOTS:-$state/room-shots}"
  if with_timeout 150 TERM python3 "$root/Scripts/room-check.py" browser "$grader" "$work/browser" --shots "$shots" >"$work/browser.txt" 2>&1; then
    pass "headless Chromium: nothing cut or scrolled sideways, every text's size printed and what is read from the back (names, cells, badges, stuck marks, column labels and heads, exercise numbers, counts, Looks stuck, Explain next, the legend, the join line, the bar below) in 16 px or more at 1920x1080, 1280x800 and 1280x720, or left off with the page saying so, what the instructor needs on the first screen (or named there), Explain next's lesson by cause, the instructor's controls work, and the room merged from results files opens as a file"
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
