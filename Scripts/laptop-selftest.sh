#!/usr/bin/env bash
# The kata as attendees' laptops have it (issue 23; and from issue 26: the room and the name
# survive a cleaned build folder, one name everywhere). Each case is planted in a copy of the kata
# with what it must show, and after each the attendee's files are compared with what they were:
# nothing lost, nothing changed that the case did not ask for. What needs no real download, user,
# terminal or shell is swift test's, over the mini course (Tests/KataEndToEndTests).
#   1. a ZIP download (git archive: no .git) unpacked into ".../x/Café Kata/", graded with a TMPDIR
#      named with non-ASCII letters too: grade.sh builds and grades; a file headed for an
#      exercise's Swift Testing track starts it; a file of tests that belongs to no exercise is
#      named; --reset restores from the catalog's text; rm -rf .build keeps the name, the room
#      join and the backups;
#   2. a git clone: --join --name signs --json and --name answers it; git clean -fdx keeps the
#      name, the join and the backups, and the next grade still reaches the room;
#   3. a test file renamed as a browser names a second download, and a solution saved in another
#      pattern's folder: each note's mv (a BOM, CRLF, a moved file: AttendeeFilesTests);
#   4. two tracks of one exercise: the room shows each track's verdict, and a full --watch moves on
#      past an exercise done in one framework (the grade, --json, --list, --watch ID and a helper
#      file: TwoTracksTests);
#   5. as an unprivileged user (this machine's CI runs as root, where chmod 000 stops nothing): an
#      unreadable exercise file (grade, --reset, --undo-reset), a backups folder that is a file, and
#      one that is read-only, and a read-only TMPDIR;
#   6. environments: a missing TMPDIR (grade.sh's build and the grade), NO_COLOR on a terminal,
#      grade.sh without its execute bit run as `bash Scripts/grade.sh`;
#   7. every command printed for a person to paste (the join line, on the console and the page,
#      --hint, did-you-mean, mv, chmod, a name with a quote) and every command block of the docs
#      reads the same in bash, zsh and fish (Scripts/check-pasted-commands.py).
# Scripts/selftest.sh runs it after its grades (it reuses the grader they built); it runs alone
# too. It ends with "N passed, N failed" and exits non-zero when anything failed. Written for
# bash 3.2 and BSD tools as well as GNU ones.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
grade="$root/Scripts/grade.sh"
grader_bin="$root/.build/kata/grader/debug/KataGrader"
source "$root/Scripts/lib/checks.sh"
work="$(mktemp -d "${TMPDIR:-/tmp}/kata-laptop.XXXXXX")"
perm=""
room_pid=""
watch_pid=""
created_user=""
cleanup() {
  [ -n "$watch_pid" ] && kill -INT "$watch_pid" 2>/dev/null
  [ -n "$room_pid" ] && kill -INT "$room_pid" 2>/dev/null
  sleep 0.3
  [ -n "$watch_pid" ] && kill -KILL "$watch_pid" 2>/dev/null
  [ -n "$room_pid" ] && kill -KILL "$room_pid" 2>/dev/null
  rm -rf "$work"
  [ -n "$perm" ] && rm -rf "$perm"
  [ -n "$created_user" ] && userdel -r "$created_user" >/dev/null 2>&1
}
trap cleanup EXIT
trap 'exit 130' INT TERM
export no_proxy="127.0.0.1,localhost${no_proxy:+,$no_proxy}" NO_PROXY="127.0.0.1,localhost${NO_PROXY:+,$NO_PROXY}"
export COLUMNS=80
# useradd and runuser live in sbin, which a chroot's or a user's PATH may leave out.
PATH="$PATH:/usr/sbin:/sbin"

if ! command -v python3 >/dev/null 2>&1; then
  fail "python3 is on the PATH (this self-test reads JSON with it)"; summary; exit 1
fi
if [ ! -x "$grader_bin" ]; then "$grade" --help >/dev/null 2>&1 || { fail "grade.sh builds the grader"; summary; exit 1; }; fi

# --- Helpers -------------------------------------------------------------------------------------

# tree_state DIR: every file, folder and link under DIR/Exercises, with its kind, mode, link
# target and content, one line each: what "no attendee file lost or changed" compares.
tree_state() {
  (cd "$1/Exercises" && find . -print | LC_ALL=C sort | while IFS= read -r path; do
    if [ -L "$path" ]; then printf '%s link %s\n' "$path" "$(readlink "$path")"
    elif [ -d "$path" ]; then printf '%s folder %s\n' "$path" "$(ls -ld "$path" | cut -c1-10)"
    else printf '%s file %s %s\n' "$path" "$(ls -ld "$path" | cut -c1-10)" "$(cksum <"$path" 2>/dev/null | cut -d' ' -f1,2)"; fi
  done)
}
# snap DIR: remembers DIR's attendee files; unchanged NAME DIR: checks they are as remembered.
snap() { tree_state "$1" >"$work/snap.$(printf '%s' "$1" | cksum | cut -d' ' -f1)"; }
unchanged() {
  local saved="$work/snap.$(printf '%s' "$2" | cksum | cut -d' ' -f1)"
  tree_state "$2" >"$work/now"
  if diff "$saved" "$work/now" >"$work/diff"; then pass "$1: no attendee file lost or changed"
  else fail "$1: no attendee file lost or changed" "$(head -n 6 "$work/diff")"; fi
}
verdict_of() { awk -F'\t' -v id="$1" '$1 == id { print $2 }' "$2"; }
reason_of() { awk -F'\t' -v id="$1" '$1 == id { print $3 }' "$2"; }
contains() { # contains NAME FILE TEXT…: FILE holds every TEXT
  local name="$1" file="$2"; shift 2
  local text
  for text in "$@"; do
    grep -qF -- "$text" "$file" || { fail "$name" "no \"$text\" in:" "$(head -c 900 "$file")"; return; }
  done
  pass "$name"
}
lacks() { if grep -qF -- "$3" "$2"; then fail "$1" "\"$3\" in:" "$(head -c 600 "$2")"; else pass "$1"; fi; }
# room_result NAME ID: the verdict that stands for exercise ID in NAME's row, then each track's.
room_result() {
  room_json | python3 -c 'import json, sys
rows = [a for a in json.load(sys.stdin)["attendees"] if a["name"] == sys.argv[1]]
if not rows:
    print("no row")
else:
    result = rows[0]["results"].get(sys.argv[2])
    print("none" if result is None else result["verdict"] + " " + ",".join(t["framework"] + ":" + t["verdict"] for t in result["tracks"]))' "$1" "$2"
}

"$grade" --list --porcelain >"$work/exercises.tsv" 2>/dev/null
# An exercise the copies leave untouched: its grade is "not started", with no build.
untouched_id=before-after-request
solution_files() { awk -F'\t' -v id="$1" '$1 == id { n = split($4, f, ","); for (i = 1; i <= n; i++) print $2 "/" f[i] }' "$work/exercises.tsv"; }

# A room on this machine, served from a scratch checkout (the catalog is all it needs).
section "A room to join"
room_open "$grader_bin" "$work/roomhost"
if [ -n "$join_url" ]; then pass "a room is open at $join_url"; else fail "a room is open" "$(cat "$work/roomhost/serve.log")"; fi

# --- 1. A ZIP download in a folder named with non-ASCII letters and spaces --------------------------
section "A ZIP download (no .git) in '…/x/Café Kata/', with TMPDIR under 'Tëmp dir'"
zip="$work/x/Café Kata"
mkdir -p "$zip" "$work/x/Tëmp dir"
(cd "$root" && git archive HEAD) | tar -x -C "$zip"
check "the copy has no .git" "no" "$([ -e "$zip/.git" ] && echo yes || echo no)"
# Planted: the solutions of mocking-request and mocking-success; a file headed for
# mocking-failure's Swift Testing track; a file of tests that belongs to no exercise. (A helper
# file of the attendee's own: TwoTracksTests.)
for file in $(solution_files mocking-request) $(solution_files mocking-success); do cp "$root/Solutions/$file" "$zip/Exercises/$file"; done
success_xc="$(solution_files mocking-success | tail -n 1)"
printf '// Exercise mocking-failure (Swift Testing): more checks of mine.\nimport Testing\n\n@Suite struct SelftestMoreFailureChecks { @Test func mine() {} }\n' >"$zip/Exercises/Mocking/SwiftTesting/MoreFailureChecks.swift"
printf 'import Testing\n\n@Suite struct SelftestStraySuite { @Test func mine() {} }\n' >"$zip/Exercises/Mocking/SwiftTesting/MyOwnSuite.swift"
snap "$zip"
TMPDIR="$work/x/Tëmp dir" "$zip/Scripts/grade.sh" --porcelain mocking-request mocking-success mocking-failure >"$work/zip.tsv" 2>"$work/zip.err"; code=$?
if [ "$code" != 3 ] && [ -x "$zip/.build/kata/grader/debug/KataGrader" ]; then pass "grade.sh builds the grader in '…/Café Kata/' with a non-ASCII TMPDIR (exit $code)"
else fail "grade.sh builds the grader in '…/Café Kata/' with a non-ASCII TMPDIR" "exit $code" "$(tail -n 8 "$work/zip.err")"; fi
zip_grader="$zip/.build/kata/grader/debug/KataGrader"
[ -x "$zip_grader" ] || zip_grader="$grader_bin"
check "... and grades there: a solution is done" "done" "$(verdict_of mocking-request "$work/zip.tsv")" "$(tail -n 5 "$work/zip.err")"
failure_st="$(verdict_of mocking-failure@swift-testing "$work/zip.tsv")"
if [ -n "$failure_st" ] && [ "$failure_st" != "not started" ]; then pass "a file headed '// Exercise mocking-failure (Swift Testing)' starts that track ($failure_st)"
else fail "a file headed for a Swift Testing track starts that track" "$(cat "$work/zip.tsv")"; fi
contains "a file of tests that belongs to no exercise is named, not left in silence" "$work/zip.err" "Mocking/SwiftTesting/MyOwnSuite.swift holds tests" "belongs to no exercise"
unchanged "the first grade in Café Kata" "$zip"
left_in_tmp="$(ls -A "$work/x/Tëmp dir")"
check "nothing is left in the non-ASCII TMPDIR" "" "$left_in_tmp"

# --reset and --solution need no git: the starters' text is in the catalog.
failure_xc="$(solution_files mocking-failure | tail -n 1)"
printf '\n// my work in the ZIP copy\n' >>"$zip/Exercises/$failure_xc"
"$zip_grader" "$zip" --reset mocking-failure --yes >"$work/zip-reset.out" 2>&1; code=$?
check "--reset works without git (exit 0)" "0" "$code" "$(cat "$work/zip-reset.out")"
if cmp -s "$root/Exercises/$failure_xc" "$zip/Exercises/$failure_xc"; then pass "... and restores the starter as shipped"
else fail "... and restores the starter as shipped" "$(diff "$root/Exercises/$failure_xc" "$zip/Exercises/$failure_xc" | head -n 4)"; fi
kept="$(grep -rl "my work in the ZIP copy" "$zip/.kata/backups" 2>/dev/null | head -n 1)"
if [ -n "$kept" ]; then pass "... keeping the work in .kata/backups/ (no git: .kata/ at the root)"; else fail "... keeping the work in .kata/backups/" "$(cat "$work/zip-reset.out")"; fi

# The room, joined with a name of non-ASCII letters.
"$zip_grader" "$zip" --join "$join_url" --name "Zoë Café" >"$work/zip-join.out" 2>&1
check "--join from the ZIP copy" "0" "$?" "$(cat "$work/zip-join.out")"

# --- 2. A git clone: one name everywhere, and git clean -fdx ---------------------------------------
section "A git clone: one name, and git clean -fdx"
gc="$work/gc"
git clone -q "$root" "$gc"
"$grader_bin" "$gc" --join "$join_url" --name "Ana Lopez" >"$work/gc-join.out" 2>&1
"$grader_bin" "$gc" --name >"$work/gc-name.out" 2>&1
contains "--name answers the name --join gave" "$work/gc-name.out" "Your name is Ana Lopez"
"$grader_bin" "$gc" --json "$untouched_id" >"$work/gc.json" 2>/dev/null
check "--join --name signs the JSON results too" "Ana Lopez" "$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["attendee"])' "$work/gc.json" 2>&1)"
parse="$(solution_files before-after-parse | tail -n 1)"
printf '\n// my parse work\n' >>"$gc/Exercises/$parse"
"$grader_bin" "$gc" --reset before-after-parse --yes >"$work/gc-reset.out" 2>&1
contains "--reset says where the backup is, out of git clean's reach" "$work/gc-reset.out" ".git/kata/backups/" "git clean"
git -C "$gc" clean -fdxq
check "git clean -fdx took .build" "no" "$([ -d "$gc/.build" ] && echo yes || echo no)"
"$grader_bin" "$gc" --name >"$work/gc-name2.out" 2>&1
contains "after git clean -fdx, the name is kept" "$work/gc-name2.out" "Your name is Ana Lopez" "room"
snap "$gc"
"$grader_bin" "$gc" --porcelain "$untouched_id" >/dev/null 2>"$work/gc-after-clean.err"
check "after git clean -fdx, a grade still reaches the room" "not started xctest:not started" "$(room_result "Ana Lopez" "$untouched_id")" "$(cat "$work/gc-after-clean.err")"
unchanged "a grade after git clean -fdx" "$gc"
"$grader_bin" "$gc" --undo-reset --yes >"$work/gc-undo.out" 2>&1
if grep -q "my parse work" "$gc/Exercises/$parse"; then pass "after git clean -fdx, --undo-reset puts the work back"
else fail "after git clean -fdx, --undo-reset puts the work back" "$(cat "$work/gc-undo.out")"; fi
git -C "$gc" checkout -q -- "Exercises/$parse"
check "the grader's state leaves git status clean" "" "$(git -C "$gc" status --porcelain)"

# --- 3. Editors and habits -------------------------------------------------------------------------
section "Editors and habits: a renamed file, a solution in another pattern's folder"
# A BOM, CRLF and trailing spaces, and a file moved to another folder: swift test
# (AttendeeFilesTests). Here, the notes whose mv is pasted into each shell (section 7).
request_file="$(solution_files "$untouched_id" | tail -n 1)"
dir="$(dirname "$request_file")"
printf '\n// renamed work\n' >>"$gc/Exercises/$request_file"
# Named as a browser names a second download: a space and parentheses, which a shell must be told.
mv "$gc/Exercises/$request_file" "$gc/Exercises/$dir/MyRequestTests (1).swift"
snap "$gc"
"$grader_bin" "$gc" "$untouched_id" >"$work/renamed.raw" 2>&1
tr -s ' \n' '  ' <"$work/renamed.raw" >"$work/renamed.txt"
contains "a renamed test file: the look-alike is named, with the mv that moves it back" "$work/renamed.txt" \
  "Exercises/$dir/MyRequestTests (1).swift looks like it" "mv 'Exercises/$dir/MyRequestTests (1).swift' \\ Exercises/$request_file"
lacks "... and no --reset advice that would throw the renamed work away" "$work/renamed.txt" "--reset"
lacks "... and no note that it changed while it was graded" "$work/renamed.txt" "changed while it was graded"
unchanged "grading a renamed file" "$gc"
mv "$gc/Exercises/$dir/MyRequestTests (1).swift" "$gc/Exercises/$request_file"
git -C "$gc" checkout -q -- "Exercises/$request_file"

# A solution copied into another pattern's folder already opens with its exercise's header: the
# note says where that exercise lives, with the mv, not to add the header it has.
success_solution="$(solution_files mocking-success | tail -n 1)"
other_folder="$(dirname "$(solution_files "$untouched_id" | tail -n 1)")"
cp "$root/Solutions/$success_solution" "$gc/Exercises/$other_folder/My Success [copy].swift"
"$grader_bin" "$gc" "$untouched_id" >"$work/stray.out" 2>&1
tr -s ' \n' '  ' <"$work/stray.out" >"$work/stray.txt"
contains "a solution in another pattern's folder: the note names that exercise's folder, with the mv" "$work/stray.txt" \
  "opens with // Exercise mocking-success, an exercise of Exercises/$(dirname "$success_solution")/" "mv 'Exercises/$other_folder/My Success [copy].swift'"
lacks "... not to open it with the header it has" "$work/stray.txt" "open this file with that exercise's first line"
mv "$gc/Exercises/$other_folder/My Success [copy].swift" "$gc/Exercises/$other_folder/$(basename "$success_solution")"
"$grader_bin" "$gc" "$untouched_id" 2>&1 | tr -s ' \n' '  ' >"$work/stray-taken.txt"
contains "... and where its name is taken there, no mv over the attendee's file" "$work/stray-taken.txt" "is there already: move these tests into it"
rm -f "$gc/Exercises/$other_folder/$(basename "$success_solution")"

# --- 4. Two tracks of one exercise ----------------------------------------------------------------
section "Two tracks, one exercise: the room, and a full --watch"
# The grade, --json, the text report, --list and --watch ID of two tracks, and a helper file of
# the attendee's own: swift test (TwoTracksTests). Here, what the room shows, and a full --watch
# past an exercise done in one framework onto one whose Swift Testing track fails (the mini course
# has one exercise on two tracks).
success_st="$(solution_files mocking-success@swift-testing | tail -n 1)"
printf '\n// started, not done\n' >>"$zip/Exercises/$success_st"
"$zip_grader" "$zip" --porcelain mocking-success >/dev/null 2>&1
check "the room shows each track's own verdict: done, with XCTest done and Swift Testing failing" "done xctest:done,swift-testing:failing" "$(room_result "Zoë Café" mocking-success)"
cp "$zip/Exercises/$success_xc" "$work/success-fixed.swift"

# The whole course: XCTest broken, Swift Testing done. The exercise is done, so the watch moves on
# to the next one not done (mocking-failure, whose Swift Testing track fails) and never says
# "done, moving on" over a failure it keeps showing.
cp "$root/Solutions/$success_st" "$zip/Exercises/$success_st"
printf '\nfinal class SelftestBroken: XCTestCase { func test_broken() { XCTFail("broken on purpose") } }\n' >>"$zip/Exercises/$success_xc"
snap "$zip"
if command -v setsid >/dev/null 2>&1; then
  setsid "$zip_grader" "$zip" --watch >"$work/watch-all.out" 2>&1 &  # portable: fallback below
else
  set -m; "$zip_grader" "$zip" --watch >"$work/watch-all.out" 2>&1 & set +m
fi
watch_pid=$!
for _ in $(seq 1 480); do grep -q "Waiting for you" "$work/watch-all.out" 2>/dev/null && break; sleep 0.5; done
# The footer: from the "N/M done" line on.
sed -n '/^[0-9]*\/[0-9]* done$/,$p' "$work/watch-all.out" | tr -s ' \n' '  ' >"$work/watch-all-footer.txt"
contains "a full --watch moves on past an exercise done in one framework" "$work/watch-all-footer.txt" "Now: mocking-failure ·" "Your Swift Testing track:" "failing"
lacks "... and never says done over a failure it shows" "$work/watch-all.out" "Moving on"
kill -INT "$watch_pid"; wait "$watch_pid"; watch_pid=""
unchanged "a full --watch" "$zip"
cp "$work/success-fixed.swift" "$zip/Exercises/$success_xc"

# --- 5. Permissions, as a user whose chmod counts ---------------------------------------------------
section "Unreadable files and unwritable backups, as an unprivileged user"
as_attendee=""
if [ "$(id -u)" = 0 ]; then
  if ! command -v runuser >/dev/null 2>&1 || ! command -v useradd >/dev/null 2>&1; then
    skip "running as root without useradd and runuser: chmod cannot be tested here"
  else
    if ! id kata >/dev/null 2>&1; then useradd -m kata >/dev/null 2>&1 && created_user=kata; fi
    id kata >/dev/null 2>&1 && as_attendee="runuser -u kata --"
  fi
else
  as_attendee="env"
fi
if [ -n "$as_attendee" ]; then
  perm="$(mktemp -d /tmp/kata-laptop-perm.XXXXXX)"
  chmod 755 "$perm"
  git clone -q "$root" "$perm/kata"
  cp "$grader_bin" "$perm/KataGrader"; chmod 755 "$perm/KataGrader"
  [ "$(id -u)" = 0 ] && chown -R kata "$perm"
  co="$perm/kata"
  pf="$co/Exercises/$failure_xc"
  printf '\n// work of mine\n' >>"$pf"
  chmod 000 "$pf"
  snap "$co"
  $as_attendee "$perm/KataGrader" "$co" --porcelain mocking-failure >"$work/perm-grade.tsv" 2>&1
  contains "an unreadable exercise file is named as unreadable, with the chmod that fixes it" "$work/perm-grade.tsv" "cannot be read" "Fix it with: chmod u+rw Exercises/$failure_xc"
  lacks "... not as missing" "$work/perm-grade.tsv" "is missing"
  lacks "... and with no note that it changed while it was graded" "$work/perm-grade.tsv" "changed while it was graded"
  unchanged "grading an unreadable file" "$co"
  if [ "$(id -u)" = 0 ]; then
    # Someone else's file (a checkout copied with sudo): the fix takes it back first.
    chown root "$pf"
    $as_attendee "$perm/KataGrader" "$co" --porcelain mocking-failure >"$work/perm-owner.tsv" 2>&1
    contains "an unreadable file of another owner: the chown that takes it back, then the chmod" "$work/perm-owner.tsv" \
      "sudo chown kata Exercises/$failure_xc && chmod u+rw Exercises/$failure_xc"
    chown kata "$pf"
  fi
  $as_attendee "$perm/KataGrader" "$co" --reset mocking-failure --yes >"$work/perm-reset.out" 2>&1; code=$?
  check "--reset refuses to replace a file it cannot back up (exit 1)" "1" "$code" "$(cat "$work/perm-reset.out")"
  contains "... and says why, with the fix" "$work/perm-reset.out" "cannot be read" "chmod u+rw" "Nothing was changed"
  unchanged "--reset of an unreadable file" "$co"
  $as_attendee "$perm/KataGrader" "$co" --undo-reset --yes >"$work/perm-undo.out" 2>&1
  contains "--undo-reset then says there is nothing to undo" "$work/perm-undo.out" "there is no reset to undo"
  lacks "... not that a backup is empty or gone" "$work/perm-undo.out" "empty or gone"
  unchanged "--undo-reset with nothing to undo" "$co"
  chmod 644 "$pf"
  state_dir="$(attendee_state "$co")"
  mkdir -p "$state_dir"; printf 'not a folder\n' >"$state_dir/backups"
  [ "$(id -u)" = 0 ] && chown -R kata "$state_dir"
  snap "$co"
  $as_attendee "$perm/KataGrader" "$co" --reset mocking-failure --yes >"$work/perm-file.out" 2>&1; code=$?
  check "a backups folder that is a file stops --reset (exit 1)" "1" "$code" "$(cat "$work/perm-file.out")"
  contains "... saying so, with the mv that fixes it, last" "$work/perm-file.out" "is a file, not a folder" "try again: mv "
  check "... the mv ends its line, so that a paste of the line's end runs only it" "" "$(grep 'try again: mv ' "$work/perm-file.out" | grep -v 'try again: mv [^ ]* [^ ]*$')"
  unchanged "--reset with a backups folder that is a file" "$co"
  rm -f "$state_dir/backups"; mkdir "$state_dir/backups"; chmod 555 "$state_dir/backups"
  [ "$(id -u)" = 0 ] && chown kata "$state_dir/backups"
  $as_attendee "$perm/KataGrader" "$co" --reset mocking-failure --yes >"$work/perm-ro.out" 2>&1; code=$?
  check "a read-only backups folder stops --reset (exit 1)" "1" "$code" "$(cat "$work/perm-ro.out")"
  contains "... saying it is not writable, with the chmod that fixes it" "$work/perm-ro.out" "not writable" "chmod u+w"
  lacks "... not 'could not find a free backup folder name'" "$work/perm-ro.out" "free backup folder name"
  unchanged "--reset with a read-only backups folder" "$co"
  # A read-only TMPDIR: said once, and the grade runs in /tmp (it used to fail, or to end the
  # grader's build in a SwiftPM error).
  mkdir "$perm/ro-tmp"; chmod 555 "$perm/ro-tmp"
  for file in $(solution_files mocking-request) $(solution_files mocking-failure); do cp "$root/Solutions/$file" "$co/Exercises/$file"; done
  [ "$(id -u)" = 0 ] && chown -R kata "$co/Exercises"
  $as_attendee env TMPDIR="$perm/ro-tmp" "$perm/KataGrader" "$co" --porcelain mocking-failure >"$work/perm-tmp.tsv" 2>"$work/perm-tmp.err"
  check "a read-only TMPDIR: the grade still runs (done)" "done" "$(verdict_of mocking-failure "$work/perm-tmp.tsv")" "$(cat "$work/perm-tmp.err")"
  check "... and says so once" "1" "$(grep -c "TMPDIR is $perm/ro-tmp, and you cannot write in it: temporary files go to /tmp instead." "$work/perm-tmp.err")" "$(cat "$work/perm-tmp.err")"
fi

# --- 6. Environments: TMPDIR, NO_COLOR, a grade.sh that lost its execute bit -------------------------
section "A missing TMPDIR, NO_COLOR on a terminal, grade.sh without its execute bit"
# A missing TMPDIR, where grade.sh builds the grader too: a grader source newer than the binary
# (as after a git pull) has it compile that file and link the grader, with the manifest read again,
# each of which writes temporary files. (Not a cold build: the ZIP copy's first grade built the
# grader cold, with a TMPDIR named in non-ASCII letters, and a second cold build costs a minute or two.)
touch "$zip/Package.swift" "$zip/Sources/KataGrader/main.swift"
TMPDIR="$work/no-such-tmp" "$zip/Scripts/grade.sh" --porcelain --regrade mocking-request >"$work/tmp-missing.tsv" 2>"$work/tmp-missing.err"
check "a missing TMPDIR: grade.sh builds the grader and grades (done)" "done" "$(verdict_of mocking-request "$work/tmp-missing.tsv")" "$(tail -n 5 "$work/tmp-missing.err")"
check "... the grader it built is newer than the source it was given" "yes" \
  "$([ "$zip/.build/kata/grader/debug/KataGrader" -nt "$zip/Sources/KataGrader/main.swift" ] && echo yes || echo no)" "$(tail -n 5 "$work/tmp-missing.err")"
check "... and says so once" "1" "$(grep -c "TMPDIR is $work/no-such-tmp, and there is no such folder: temporary files go to /tmp instead." "$work/tmp-missing.err")" "$(cat "$work/tmp-missing.err")"
zip_grader="$zip/.build/kata/grader/debug/KataGrader"
[ -x "$zip_grader" ] || zip_grader="$grader_bin"
TERM=xterm on_terminal "$zip_grader" "$zip" mocking-request >"$work/terminal.out" 2>&1
TERM=xterm NO_COLOR=1 on_terminal "$zip_grader" "$zip" mocking-request >"$work/no-color.out" 2>&1
esc="$(printf '\033')"
if grep -q '✔' "$work/terminal.out" && grep -q "$esc\[" "$work/terminal.out"; then pass "on a terminal, a done verdict has its ✔ and colours"
else fail "on a terminal, a done verdict has its ✔ and colours" "$(head -n 4 "$work/terminal.out")"; fi
if grep -q 'ok mocking-request' "$work/no-color.out" && ! grep -q -e '✔' -e '✘' -e "$esc\[3" "$work/no-color.out"; then
  pass "with NO_COLOR, neither colours nor symbols (README's promise)"
else fail "with NO_COLOR, neither colours nor symbols" "$(head -n 4 "$work/no-color.out")"; fi
# A ZIP tool that drops the execute bit: `bash Scripts/grade.sh`, as README's Quick start says.
chmod a-x "$zip/Scripts/grade.sh"
(cd "$zip" && bash Scripts/grade.sh --porcelain "$untouched_id") >"$work/no-x.tsv" 2>"$work/no-x.err"
check "grade.sh without its execute bit runs as bash Scripts/grade.sh" "not started" "$(verdict_of "$untouched_id" "$work/no-x.tsv")" "$(cat "$work/no-x.err")"
chmod a+x "$zip/Scripts/grade.sh"
contains "README's Quick start names bash Scripts/grade.sh for a lost execute bit" "$root/README.md" '"Permission denied"' '`bash Scripts/grade.sh` always works'

section "rm -rf .build in the ZIP copy: the name, the room join and the backups stay"
rm -rf "$zip/.build"
"$grader_bin" "$zip" --name >"$work/zip-name.out" 2>&1
contains "after rm -rf .build, --name still answers the name, and the room it stands in" "$work/zip-name.out" "Your name is Zoë Café" "room"
snap "$zip"
"$grader_bin" "$zip" --porcelain "$untouched_id" >"$work/zip-after-rm.tsv" 2>"$work/zip-after-rm.err"
check "after rm -rf .build, a grade still reaches the room" "not started xctest:not started" "$(room_result "Zoë Café" "$untouched_id")" "$(cat "$work/zip-after-rm.err")"
unchanged "a grade after rm -rf .build" "$zip"
"$grader_bin" "$zip" --undo-reset --yes >"$work/zip-undo.out" 2>&1
if grep -q "my work in the ZIP copy" "$zip/Exercises/$failure_xc"; then pass "after rm -rf .build, --undo-reset still puts the work back"
else fail "after rm -rf .build, --undo-reset still puts the work back" "$(cat "$work/zip-undo.out")"; fi

# --- 7. Commands to paste ---------------------------------------------------------------------------
section "Every command printed or documented to paste reads the same in bash, zsh and fish"
room_json joinCommand >"$work/page-join.txt" 2>&1
: >"$work/hints.txt"
for key in $(cut -f1 "$work/exercises.tsv"); do "$grader_bin" "$gc" --hint "$key" >>"$work/hints.txt" 2>&1; done
"$grader_bin" "$gc" mocking-requets >"$work/typo.out" 2>&1
"$grader_bin" "$gc" --lsit >>"$work/typo.out" 2>&1
kill -INT "$room_pid" 2>/dev/null; wait "$room_pid" 2>/dev/null; room_pid=""
# With the room gone, a new name is said with the line that joins again: the name quoted.
"$grader_bin" "$gc" --name "Ana O'Neil [team 2]" >"$work/name-offline.out" 2>&1
contains "a new name while the room is down: the join line to run when it is back" "$work/name-offline.out" "When it is back, run: Scripts/grade.sh --join"
if ! command -v zsh >/dev/null 2>&1; then
  if [ "${CI:-}" = true ]; then fail "zsh is installed (.ci/run installs it)"; else skip "no zsh here: the commands were not checked (.ci/run installs zsh and fish)"; fi
else
  paste_check() { # paste_check NAME ARGUMENTS…: check-pasted-commands.py passes
    local out code
    out="$(python3 "$root/Scripts/check-pasted-commands.py" "${@:2}" 2>&1)"; code=$?
    if [ "$code" = 0 ]; then pass "$1 ($(printf '%s' "$out" | tail -n 1 | sed 's/^pasted commands: //'))"
    else fail "$1" "$(printf '%s\n' "$out" | head -n 12)"; fi
  }
  old_join="Scripts/grade.sh --join $join_url --name \"Your Name\""
  if python3 "$root/Scripts/check-pasted-commands.py" --line "$old_join" >"$work/paste-old.out" 2>&1; then
    fail "the check fails on the join line as it was, unquoted" "$(cat "$work/paste-old.out")"
  else pass "the check fails on the join line as it was, unquoted (zsh: no matches found)"; fi
  paste_check "--room-serve's join line" --output "$work/roomhost/serve.log"
  paste_check "the page's join line" --output "$work/page-join.txt"
  paste_check "--hint of every track (Grade it, and the plain swift test line)" --output "$work/hints.txt"
  paste_check "did-you-mean" --output "$work/typo.out"
  paste_check "the mv that puts a renamed file back" --output "$work/renamed.raw"
  paste_check "the mv of a solution into its own pattern's folder" --output "$work/stray.out"
  paste_check "the join line with a name that holds a quote" --output "$work/name-offline.out"
  if [ -n "$as_attendee" ]; then
    perm_outputs=(--output "$work/perm-grade.tsv" --output "$work/perm-reset.out" --output "$work/perm-file.out" --output "$work/perm-ro.out")
    [ -f "$work/perm-owner.tsv" ] && perm_outputs+=(--output "$work/perm-owner.tsv")
    paste_check "the chmod (and chown) of an unreadable file, the mv and chmod of a backups folder" "${perm_outputs[@]}"
  fi
  docs=(); for doc in "$root/README.md" "$root"/docs/*.md "$root/Catalog/README.md"; do docs+=(--docs "$doc"); done
  paste_check "the command blocks of README.md and docs/" "${docs[@]}"
fi

summary
