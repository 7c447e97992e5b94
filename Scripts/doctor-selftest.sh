#!/usr/bin/env bash
# The pre-workshop check's self-test, for maintainers and CI (Scripts/selftest.sh calls it). Every
# step bounded in time, a few minutes in all. It proves that:
#   1. `grade.sh --doctor` on this machine is READY: every check ok, both frameworks' solution done
#      and weak suite "misses bugs"; its screen fits 80x24 but for its summary line, which is
#      the last line, whole; its JSON (the --json=PATH file and
#      .build/kata/doctor.json alike) has every field docs/doctor-json.md lists, with its type;
#   2. joined to a room, the doctor's badge reaches the room (attendees[].doctor, ready);
#   3. planted failures, each reported with its fix: a Mac with only the Command Line Tools
#      (KATA_PLATFORM=macos KATA_PLATFORM_XCODE=0: the xcode warning names `xcode-select -s`, the
#      XCTest grades are skipped), a toolchain too old (KATA_PLATFORM_SWIFT_VERSION=5.10: NOT READY,
#      exit 1, the swift check fails with the install line), a shell the printed commands are not
#      written for, and Swift Testing's channel made silent (--fail-private-channel): a `channel`
#      warning, its grades still right, through `swift test`; and grade.sh with no swift on the PATH.
# The doctor stays here, not in `swift test`: its probes are the real course's exercises and weak
# suites (DoctorCommand.probes), which it builds and grades (minutes cold), and grade.sh's own
# answer when there is no swift is bash's. The fallback to `swift test` in a real grade (verdicts
# right, marked, the notice once, the room still receiving them) is checked over the mini course by
# `swift test` (KataEndToEndTests, MiniCourseTests.test_withTheChannelSilent_…).
# It ends with "N passed, N failed" and exits non-zero when anything failed.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
grade="$root/Scripts/grade.sh"
grader="$root/.build/kata/grader/debug/KataGrader"
work="$(mktemp -d "${TMPDIR:-/tmp}/kata-doctor-selftest.XXXXXX")"
room_pid=""
source "$root/Scripts/lib/checks.sh"
source "$root/Scripts/lib/portable.sh"
# The real checkout joins a test room: its own join and name are put back at the end.
join_state="$(attendee_state "$root")"
saved_join=()
joined_here=false
set_join_aside() {
  joined_here=true
  for file in room-join.json room-outbox.json name; do
    if [ -e "$join_state/$file" ]; then mv "$join_state/$file" "$work/saved-$file"; saved_join+=("$file"); fi
  done
}
export no_proxy="127.0.0.1,localhost${no_proxy:+,$no_proxy}" NO_PROXY="127.0.0.1,localhost${NO_PROXY:+,$NO_PROXY}"
cleanup() {
  if [ -n "$room_pid" ]; then kill -INT "$room_pid" 2>/dev/null; sleep 0.3; kill -KILL "$room_pid" 2>/dev/null; fi
  if $joined_here; then rm -f "$join_state/room-join.json" "$join_state/room-outbox.json" "$join_state/name"; fi
  for file in ${saved_join[@]+"${saved_join[@]}"}; do mv "$work/saved-$file" "$join_state/$file"; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# json FILE EXPRESSION: a Python expression over the document `d`, printed.
json() { python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }

if ! command -v python3 >/dev/null 2>&1; then
  fail "python3 is on the PATH (this self-test reads JSON with it)"; summary; exit 1
fi

section "grade.sh --doctor on this machine, joined to a room"
room_open "$grader" "$work/room"
set_join_aside
"$grade" --join "$join_url" --name "Doctor Check" >"$work/join.log" 2>&1 || fail "the checkout joins the test room" "$(cat "$work/join.log")"

COLUMNS=80 SHELL=/bin/zsh with_timeout 1200 TERM "$grade" --doctor --json="$work/doctor.json" >"$work/doctor.out" 2>"$work/doctor.err"; code=$?
check "--doctor exits 0 on a machine that is ready" "0" "$code" "$(tail -n 20 "$work/doctor.out")" "$(tail -n 5 "$work/doctor.err")"
summary_line="$(json "$work/doctor.json" 'd["summary"]' 2>/dev/null)"
case "$summary_line" in
  "kata-doctor READY | "*"XCTest ok | Swift Testing ok"*) pass "its summary line says READY and both frameworks ok: $summary_line" ;;
  *) fail "its summary line says READY and both frameworks ok" "$summary_line" ;;
esac
grades="$(json "$work/doctor.json" '" ".join(g["framework"] + ":" + g["suite"] + "=" + g["status"] for g in d["grades"])' 2>/dev/null)"
check "it grades each framework's solution and weak suite, with the verdicts they must get" \
  "xctest:solution=ok swift-testing:solution=ok xctest:executed-only=ok swift-testing:vacuous=ok" "$grades"
# docs/doctor-json.md's field table is the schema (grade.sh --check FILE, as for results files).
"$grade" --check "$work/doctor.json" >"$work/doctor-schema.log" 2>&1 && pass "its JSON has every field docs/doctor-json.md lists, each of its type, and no other" ||
  fail "its JSON matches docs/doctor-json.md" "$(head -n 8 "$work/doctor-schema.log")"
if cmp -s "$work/doctor.json" "$root/.build/kata/doctor.json" || [ "$(json "$root/.build/kata/doctor.json" 'd["summary"]')" = "$summary_line" ]; then
  pass "the same report is kept in .build/kata/doctor.json"
else fail "the same report is kept in .build/kata/doctor.json"; fi
# The summary line is never wrapped (it is pasted as one line): every other line fits 80 columns,
# and the summary is the last line, whole.
lines="$(wc -l <"$work/doctor.out" | tr -d ' ')"
widest="$(grep -v '^kata-doctor ' "$work/doctor.out" | awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }')"
last="$(tail -n 1 "$work/doctor.out")"
if [ "$lines" -le 24 ] && [ "$widest" -le 80 ] && [ "$last" = "$summary_line" ]; then
  pass "its screen fits 80x24 ($lines lines, the widest $widest columns), and ends with the summary line, whole"
else fail "its screen fits 80x24 and ends with the summary line, whole" "$lines lines, the widest $widest columns" "$(cat "$work/doctor.out")"; fi
badge="$(room_json | python3 -c 'import json, sys
r = json.load(sys.stdin); a = [a for a in r["attendees"] if a["name"] == "Doctor Check"]
print(a and a[0].get("doctor") and (str(a[0]["doctor"]["ready"]) + " " + a[0]["doctor"]["summary"]))')"
if [ "$badge" = "True $summary_line" ] && grep -q 'Sent to the room' "$work/doctor.out"; then
  pass "the room shows the machine ready, with the doctor's summary (attendees[].doctor)"
else fail "the room shows the doctor's badge" "room: $badge" "$(tail -n 3 "$work/doctor.out")"; fi

section "The doctor reports planted failures, each with its fix"
COLUMNS=80 SHELL=/usr/bin/fish KATA_PLATFORM=macos KATA_PLATFORM_XCODE=0 KATA_PLATFORM_SWIFT_VERSION=5.10 \
  with_timeout 1200 TERM "$grade" --doctor --fail-private-channel=swift-testing --json="$work/planted.json" >"$work/planted.out" 2>"$work/planted.err"; code=$?
check "a machine that is not ready: --doctor exits 1" "1" "$code" "$(tail -n 20 "$work/planted.out")"
finding() { json "$work/planted.json" "next((c['status'] + ' | ' + (c['fix'] or '')) for c in d['checks'] if c['name'] == '$1')" 2>/dev/null; }
case "$(finding swift)" in "fail | Install"*) pass "a toolchain too old fails the swift check, with the install line" ;; *) fail "a toolchain too old fails the swift check" "$(finding swift)" ;; esac
case "$(finding xcode)" in "warn | "*"sudo xcode-select -s /Applications/Xcode.app"*) pass "a Mac with only the Command Line Tools: the xcode check warns, naming xcode-select -s" ;; *) fail "a Mac with only the Command Line Tools: the xcode check names xcode-select -s" "$(finding xcode)" ;; esac
case "$(finding shell)" in "warn | "*zsh*) pass "a shell the printed commands are not written for is named, with zsh as the fix" ;; *) fail "the fish shell is named" "$(finding shell)" ;; esac
case "$(finding channel)" in "warn | "*) pass "a silent channel is a channel warning: grading works, send the report" ;; *) fail "a silent channel is a channel warning" "$(finding channel)" ;; esac
planted_grades="$(json "$work/planted.json" '" ".join(g["framework"] + ":" + g["status"] + ":" + (g["route"] or "-") for g in d["grades"])' 2>/dev/null)"
check "XCTest skipped without Xcode; Swift Testing still right, through swift test" \
  "xctest:skipped:- xctest:skipped:- swift-testing:ok:swift-test swift-testing:ok:swift-test" "$(printf '%s\n' $planted_grades | sort -r | tr '\n' ' ' | sed 's/ $//')"
case "$(json "$work/planted.json" 'd["summary"]' 2>/dev/null)" in
  "kata-doctor NOT READY (swift) | macOS "*" (simulated) | Swift 5.10 | Command Line Tools only | XCTest skipped | Swift Testing ok via swift test"*) pass "its summary line names what failed and what the Mac has" ;;
  *) fail "its summary line names what failed and what the Mac has" "$(json "$work/planted.json" 'd["summary"]')" ;;
esac
# The room's badge, as a real NOT READY run of the grader leaves it (⚠, the summary as its tooltip).
badge_of() { room_json | python3 -c 'import json, sys
r = json.load(sys.stdin); a = [a for a in r["attendees"] if a["name"] == "Doctor Check"]
print(a and a[0].get("doctor") and (str(a[0]["doctor"]["ready"]) + " " + a[0]["doctor"]["summary"]))'; }
case "$(badge_of)" in
  "False kata-doctor NOT READY (swift) | "*) pass "the room shows the machine not ready (⚠) after a NOT READY run" ;;
  *) fail "the room shows the machine not ready (⚠) after a NOT READY run" "$(badge_of)" ;;
esac
notices="$(grep -c "did not report through the grader" "$work/planted.err")"
check "the fallback is announced once" "1" "$notices" "$(cat "$work/planted.err")"

no_swift="$(PATH=/usr/bin:/bin "$grade" --doctor 2>&1)"; code=$?
if [ "$code" = 3 ] && printf '%s\n' "$no_swift" | grep -q '^kata-doctor NOT READY (no swift on the PATH) | ' && printf '%s' "$no_swift" | grep -q 'swift.org/install'; then
  pass "with no swift on the PATH, --doctor still ends with a line to paste, and the install link"
else fail "with no swift on the PATH, --doctor still ends with a line to paste" "exit $code: $no_swift"; fi
if [ "$(json "$root/.build/kata/doctor.json" 'd["ready"]')" = False ]; then pass "with no swift on the PATH, .build/kata/doctor.json says NOT READY, not the earlier run's READY"
else fail "with no swift on the PATH, .build/kata/doctor.json is rewritten" "$(head -c 300 "$root/.build/kata/doctor.json")"; fi
if command -v curl >/dev/null 2>&1; then
  case "$(badge_of)" in
    "False kata-doctor NOT READY (no swift on the PATH) | "*) pass "with no swift on the PATH, the room shows the machine not ready (⚠)" ;;
    *) fail "with no swift on the PATH, the room shows the machine not ready (⚠)" "$(badge_of)" ;;
  esac
else skip "the ⚠ badge with no swift: grade.sh sends it with curl, not installed here"; fi

"$grade" --leave >/dev/null 2>&1

summary
