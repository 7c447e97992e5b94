#!/usr/bin/env bash
# The kata's own test command, for maintainers and CI. It proves that:
#   1. the kata's own tests (Tests/) and the reference solutions pass under plain `swift test`;
#   2. every shipped starter is recorded, compiles, fails, and is graded "not started";
#   3. every solution is graded done (it catches every chaff and passes every wheat), also
#      over repeated runs under CPU load, and no variant is left unused;
#   4. planted faults (no compile, hang, crash, failing assertion) get their verdicts while every
#      other exercise's verdict holds;
#   5. deliberately weak suites (Tests/Fixtures/<exercise>/<name>/) get the verdicts they expect;
#   6. grade.sh's edges: bad ids, no toolchain, a damaged catalog, a missing file, Ctrl-C, and two
#      runs at once;
#   7. the workshop commands: --hint, --json, --solution, --reset (in a scratch clone, with a
#      commit of attendee work), --watch, and a moved checkout whose build folder went stale;
#   8. what a person sees: every screen fits 80 columns, exit codes, the JSON schema, did-you-mean,
#      --watch ID, --demo, --reset's backups and warnings, --undo-reset.
# It ends with the line "N passed, N failed" and exits non-zero when anything failed.
# It is not a step of the course, and it refuses to run on a checkout with work in Exercises/.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
grade="$root/Scripts/grade.sh"

# Say up front, not after six minutes of failures, when this checkout holds attendee work: the
# self-test would judge the starters by it, and its advice (regenerate.sh) would record that work
# as the starters.
if ! "$grade" --check-starters >/dev/null 2>"${TMPDIR:-/tmp}/kata-selftest-starters.$$"; then
  cat >&2 <<MESSAGE
selftest.sh is the maintainers' test of the kata itself, not a step of the course.
$(grep -v regenerate "${TMPDIR:-/tmp}/kata-selftest-starters.$$")
To grade your exercises, run: Scripts/grade.sh
To run the self-test, use a clean clone (about six minutes):
  git clone "$root" /tmp/kata-selftest && /tmp/kata-selftest/Scripts/selftest.sh
Maintainers who changed a starter on purpose: run Scripts/regenerate.sh, commit, then run this again.
MESSAGE
  rm -f "${TMPDIR:-/tmp}/kata-selftest-starters.$$"
  exit 2
fi
rm -f "${TMPDIR:-/tmp}/kata-selftest-starters.$$"
grader_bin="$root/.build/kata/grader/debug/KataGrader"
work="$(mktemp -d "${TMPDIR:-/tmp}/kata-selftest.XXXXXX")"
load_pids=()
cleanup() {
  for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); printf '  ok    %s\n' "$1"; }
fail() {
  failed=$((failed + 1)); printf '  FAIL  %s\n' "$1"
  shift; for line in "$@"; do printf '        %s\n' "$line"; done
}
section() { printf '\n== %s\n' "$1"; }
# check NAME EXPECTED ACTUAL [context…]
check() {
  if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "expected: $2" "actual:   $3" "${@:4}"; fi
}
verdict_of() { awk -F'\t' -v id="$1" '$1 == id { print $2 }' "$2"; }
reason_of() { awk -F'\t' -v id="$1" '$1 == id { print $3 }' "$2"; }

# A copy of Solutions/ to plant things in, graded with `grade.sh --from`.
fresh_copy() { rm -rf "$1"; mkdir -p "$1"; cp -R "$root/Solutions/." "$1/"; }

section "Build and run the kata's own tests and the solutions (swift test)"
if timeout -s INT 1800 swift build --build-tests >"$work/build.log" 2>&1; then
  pass "swift build --build-tests"
else
  fail "swift build --build-tests" "$(grep -m3 'error:' "$work/build.log")"
fi
# Starters fail by design, so plain `swift test` runs everything else.
if timeout -s INT 1800 swift test --skip-build --skip 'Exercises\.' >"$work/swift-test.log" 2>&1; then
  pass "swift test: Tests/ and Solutions/ pass ($(grep -c "' passed (" "$work/swift-test.log") XCTest cases)"
else
  fail "swift test: Tests/ and Solutions/ pass" "$(grep -m5 -E 'error:|✘' "$work/swift-test.log")"
fi

"$grade" --list --porcelain >"$work/exercises.tsv" 2>"$work/list.err" || { cat "$work/list.err"; exit 1; }
ids=($(cut -f1 "$work/exercises.tsv"))
echo "  (${#ids[@]} exercises in the catalog)"

section "Shipped starters"
if "$grade" --check-starters >"$work/starters.log" 2>&1; then
  pass "every starter matches Catalog/starters.json"
else
  fail "every starter matches Catalog/starters.json" "$(cat "$work/starters.log")"
fi
"$grade" --index >"$work/index.md"
awk '/<!-- exercise-index:end -->/ { exit } printing { print } /<!-- exercise-index:start -->/ { printing = 1 }' README.md >"$work/readme-index.md"
if diff -q "$work/index.md" "$work/readme-index.md" >/dev/null; then pass "README's exercise index matches the catalog"
else fail "README's exercise index matches the catalog" "run Scripts/regenerate.sh"; fi
"$grade" --porcelain >"$work/starters.tsv" 2>"$work/starters.err"
for id in "${ids[@]}"; do check "$id: graded not started as shipped" "not started" "$(verdict_of "$id" "$work/starters.tsv")"; done
# Graded as if edited, the starters must compile and fail, never pass, hang or crash.
"$grade" --porcelain --from "$root/Exercises" >"$work/starters-run.tsv" 2>"$work/starters-run.err"
for id in "${ids[@]}"; do check "$id: starter compiles and fails" "failing" "$(verdict_of "$id" "$work/starters-run.tsv")" "$(reason_of "$id" "$work/starters-run.tsv")"; done

section "Reference solutions"
"$grade" --solutions --porcelain >"$work/solutions.tsv" 2>"$work/solutions.err"
for id in "${ids[@]}"; do check "$id: solution is done" "done" "$(verdict_of "$id" "$work/solutions.tsv")" "$(reason_of "$id" "$work/solutions.tsv")"; done
for file in Catalog/Variants/*/*.chaff Catalog/Variants/*/*.wheat; do
  [ -e "$file" ] || continue
  name="$(basename "$file")"; name="${name%.*}"
  if grep -q "\"$name\"" Catalog/catalog.json; then pass "$file is graded by an exercise"
  else fail "$file is graded by an exercise" "no exercise lists '$name' in Catalog/catalog.json"; fi
done
if grep -rilE 'chaff|wheat|mutant|KATA_VARIANT' Sources Exercises --include='*.swift' | grep -v '^Sources/KataGrad' >"$work/leaks"; then
  fail "no trace of grading in Sources/ or Exercises/" "$(cat "$work/leaks")"
else
  pass "no trace of grading in Sources/ or Exercises/"
fi

section "Solutions under CPU load, 5 runs each"
for _ in 1 2; do yes >/dev/null & load_pids+=($!); done
"$grade" --solutions --porcelain --repeats 5 >"$work/load.tsv" 2>"$work/load.err"
for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null; done
load_pids=()
for id in "${ids[@]}"; do check "$id: solution is done under load" "done" "$(verdict_of "$id" "$work/load.tsv")" "$(reason_of "$id" "$work/load.tsv")"; done

section "Planted faults, one exercise each; every other verdict must hold"
planted="$work/planted"
fresh_copy "$planted"
# Plant only in files that no other exercise compiles with, so each fault stays in its exercise.
plantable=()
all_files="$(cut -f4,5 "$work/exercises.tsv" | tr ',\t' '\n\n' | grep -v '^$')"
while IFS=$'\t' read -r id module framework files uses; do
  last="${files##*,}"
  [ "$framework" = "xctest" ] || continue
  [ "$(grep -cx "$last" <<<"$all_files")" -gt 1 ] && continue
  plantable+=("$id|$module/$last")
done <"$work/exercises.tsv"
faults=("does not compile" "failing" "hangs" "crashed")
snippets=(
  'private let selftestPlantedError: Int = "not a number"'
  'final class SelftestPlantedFailure: XCTestCase { func test_planted() { XCTFail("planted failure") } }'
  'final class SelftestPlantedHang: XCTestCase { func test_planted() { Thread.sleep(forTimeInterval: 3600) } }'
  'final class SelftestPlantedDeadlock: XCTestCase { func test_planted() { DispatchQueue.main.sync {} } }'
)
declare -A planted_verdict=()
if [ "${#plantable[@]}" -lt 4 ]; then
  fail "four exercises to plant faults in" "only ${#plantable[@]} have a file of their own"
else
  for i in 0 1 2 3; do
    id="${plantable[$i]%%|*}"; file="${plantable[$i]#*|}"
    printf '\nimport Foundation\n%s\n' "${snippets[$i]}" >>"$planted/$file"
    planted_verdict[$id]="${faults[$i]}"
  done
  "$grade" --porcelain --from "$planted" >"$work/planted.tsv" 2>"$work/planted.err"
  for id in "${ids[@]}"; do
    expected="${planted_verdict[$id]:-done}"
    check "$id: ${planted_verdict[$id]:+planted fault is }$expected" "$expected" "$(verdict_of "$id" "$work/planted.tsv")" "$(reason_of "$id" "$work/planted.tsv")"
  done
  hang_id="${plantable[2]%%|*}"; crash_id="${plantable[3]%%|*}"; compile_id="${plantable[0]%%|*}"
  case "$(reason_of "$hang_id" "$work/planted.tsv")" in *SelftestPlantedHang*) pass "the hang names its test";; *) fail "the hang names its test" "$(reason_of "$hang_id" "$work/planted.tsv")";; esac
  case "$(reason_of "$crash_id" "$work/planted.tsv")" in *deadlock*) pass "the crash is named a dispatch_sync deadlock";; *) fail "the crash is named a dispatch_sync deadlock" "$(reason_of "$crash_id" "$work/planted.tsv")";; esac
  case "$(reason_of "$compile_id" "$work/planted.tsv")" in *"${plantable[0]#*|}:"[0-9]*) pass "the compile error gives file:line";; *) fail "the compile error gives file:line" "$(reason_of "$compile_id" "$work/planted.tsv")";; esac
fi

section "Weak suites (Tests/Fixtures)"
# Each round plants one fixture per exercise, but never two exercises that share a file (one's
# fixture would change what the other compiles with), so every fixture is judged on its own.
declare -A next_fixture=()
for id in "${ids[@]}"; do next_fixture[$id]=0; done
files_of() { awk -F'\t' -v id="$1" '$1 == id { n = split($4 "," $5, f, ","); for (i = 1; i <= n; i++) if (f[i] != "") print $2 "/" f[i] }' "$work/exercises.tsv"; }
round=1
while :; do
  weak="$work/weak-$round"
  fresh_copy "$weak"
  selected=()
  taken=" "
  declare -A expected_verdict=() fixture_name=()
  for id in "${ids[@]}"; do
    fixtures=($(ls -d "Tests/Fixtures/$id"/*/ 2>/dev/null | sort))
    index="${next_fixture[$id]}"
    [ "$index" -lt "${#fixtures[@]}" ] || continue
    mine="$(files_of "$id" | tr '\n' ' ')"
    clash=0
    for f in $mine; do case "$taken" in *" $f "*) clash=1 ;; esac; done
    [ "$clash" -eq 0 ] || continue
    taken="$taken$mine"
    fixture="${fixtures[$index]%/}"
    next_fixture[$id]=$((index + 1))
    module="$(awk -F'\t' -v id="$id" '$1 == id { print $2 }' "$work/exercises.tsv")"
    for f in "$fixture"/*.swift; do cp "$f" "$weak/$module/"; done
    selected+=("$id"); expected_verdict[$id]="$(head -n1 "$fixture/expected")"; fixture_name[$id]="$(basename "$fixture")"
  done
  [ "${#selected[@]}" -gt 0 ] || break
  "$grade" --porcelain --from "$weak" "${selected[@]}" >"$work/weak-$round.tsv" 2>"$work/weak-$round.err"
  for id in "${selected[@]}"; do
    check "$id: ${fixture_name[$id]} suite is judged ${expected_verdict[$id]}" "${expected_verdict[$id]}" "$(verdict_of "$id" "$work/weak-$round.tsv")" "$(reason_of "$id" "$work/weak-$round.tsv")"
  done
  unset expected_verdict fixture_name
  round=$((round + 1))
done

section "grade.sh at its edges"
first="${ids[0]}"
"$grade" no-such-exercise >/dev/null 2>"$work/err"; code=$?
check "an unknown id exits 2" "2" "$code"
grep -q -- "--list" "$work/err" && pass "an unknown id points to --list" || fail "an unknown id points to --list" "$(cat "$work/err")"
"$grade" --frobnicate >/dev/null 2>&1; check "an unknown option exits 2" "2" "$?"
(cd / && "$grade" --list >/dev/null 2>&1); check "grade.sh works from any directory" "0" "$?"

mkdir -p "$work/bin"
for tool in bash dirname find tail mkdir rm cat; do ln -sf "$(command -v "$tool")" "$work/bin/$tool"; done
PATH="$work/bin" "$work/bin/bash" "$grade" --list >/dev/null 2>"$work/err"; code=$?
check "no swift on the PATH exits 3" "3" "$code"
grep -q "Install Swift" "$work/err" && pass "no swift on the PATH says how to install it" || fail "no swift on the PATH says how to install it" "$(cat "$work/err")"

mkdir -p "$work/damaged/Catalog"
cp Package.swift "$work/damaged/"
printf '{ "version": 1, "patterns": [' >"$work/damaged/Catalog/catalog.json"
"$grader_bin" "$work/damaged" --list >/dev/null 2>"$work/err"; code=$?
check "a damaged catalog exits 3" "3" "$code"
grep -q "catalog.json" "$work/err" && pass "a damaged catalog is named" || fail "a damaged catalog is named" "$(cat "$work/err")"

missing="$work/missing"
fresh_copy "$missing"
module="$(awk -F'\t' -v id="$first" '$1 == id { print $2 }' "$work/exercises.tsv")"
file="$(awk -F'\t' -v id="$first" '$1 == id { print $4 }' "$work/exercises.tsv")"; file="${file##*,}"
rm "$missing/$module/$file"
"$grade" --porcelain --from "$missing" "$first" >"$work/missing.tsv" 2>&1
case "$(reason_of "$first" "$work/missing.tsv")" in *"$file is missing"*) pass "a missing exercise file is named";; *) fail "a missing exercise file is named" "$(cat "$work/missing.tsv")";; esac

# Ctrl-C in the middle of a hanging run: grade.sh exits 130 and leaves no test process behind.
if [ "${#plantable[@]}" -ge 3 ]; then
  hang_id="${plantable[2]%%|*}"
  setsid "$grade" --porcelain --from "$planted" "$hang_id" >/dev/null 2>"$work/ctrlc.err" &
  grade_pid=$!
  for _ in $(seq 1 300); do pgrep -f "$root/.build/kata/planted/.build" >/dev/null && break; sleep 0.1; done
  sleep 0.5
  kill -INT "$grade_pid"
  wait "$grade_pid"; code=$?
  check "Ctrl-C mid-run exits 130" "130" "$code"
  sleep 0.3
  if pgrep -f "$root/.build/kata/planted/.build" >/dev/null; then fail "Ctrl-C leaves no process behind" "$(pgrep -af "$root/.build/kata/planted/.build")"
  else pass "Ctrl-C leaves no process behind"; fi
fi

# Two runs at once: the second waits for the first, and both give the same verdict.
"$grade" --porcelain --solutions "$first" >"$work/a.tsv" 2>"$work/a.err" & a=$!
sleep 0.2
"$grade" --porcelain --solutions "$first" >"$work/b.tsv" 2>"$work/b.err" & b=$!
wait "$a"; code_a=$?; wait "$b"; code_b=$?
check "two runs at once both finish" "0 0" "$code_a $code_b"
check "two runs at once agree" "$(cat "$work/a.tsv")" "$(cat "$work/b.tsv")"
grep -qh "waiting" "$work/a.err" "$work/b.err" && pass "the second run says it is waiting" || fail "the second run says it is waiting"

section "Workshop commands, in a scratch clone: --hint, --json, --solution, --reset, --watch"
solution_files() { awk -F'\t' -v id="$1" '$1 == id { n = split($4, f, ","); for (i = 1; i <= n; i++) print $2 "/" f[i] }' "$work/exercises.tsv"; }
"$grade" --hint "$first" >"$work/hint.txt" 2>&1; code=$?
if [ "$code" = 0 ] && grep -q "Hint:" "$work/hint.txt" && grep -q "$first" "$work/hint.txt"; then pass "--hint ID shows that exercise's hint"
else fail "--hint ID shows that exercise's hint" "$(cat "$work/hint.txt")"; fi
"$grade" --solutions --json "$first" >"$work/result.json" 2>"$work/json.err"; code=$?
if [ "$code" = 0 ] && grep -q '"version" : 1' "$work/result.json" && grep -q '"status" : "pass"' "$work/result.json" &&
   grep -q "\"id\" : \"$first\"" "$work/result.json"; then pass "--json prints the documented results"
else fail "--json prints the documented results" "$(head -c 600 "$work/result.json")"; fi
before="$(cd "$root/Exercises" && find . -type f -exec cat {} + | cksum)"
"$grade" --solution "$first" >"$work/solution.diff" 2>&1; code=$?
after="$(cd "$root/Exercises" && find . -type f -exec cat {} + | cksum)"
if [ "$code" = 0 ] && grep -q '^+++ solution' "$work/solution.diff" && grep -q '^--- starter' "$work/solution.diff"; then pass "--solution ID shows a diff against the starter"
else fail "--solution ID shows a diff against the starter" "$(head -n 5 "$work/solution.diff")"; fi
check "--solution writes nothing in Exercises/" "$before" "$after"

# Reset and watch change files, so they run in a clone with a commit of "attendee work" in it.
clone="$work/clone"
git clone -q "$root" "$clone"
git -C "$clone" -c user.name=attendee -c user.email=attendee@example.invalid commit -q --allow-empty -m "attendee"
target="$(solution_files "$first" | tail -n 1)"
printf '\n// my work in progress\n' >>"$clone/Exercises/$target"
git -C "$clone" -c user.name=attendee -c user.email=attendee@example.invalid commit -q -am "my work"
mine="$(cat "$clone/Exercises/$target")"
"$clone/Scripts/grade.sh" --reset "$first" </dev/null >/dev/null 2>"$work/reset.err"; code=$?
check "--reset without --yes and no terminal changes nothing" "$mine" "$(cat "$clone/Exercises/$target")"
grep -q -- "--yes" "$work/reset.err" && pass "--reset without a terminal says to add --yes" || fail "--reset without a terminal says to add --yes" "$(cat "$work/reset.err")"
"$clone/Scripts/grade.sh" --reset "$first" --yes >"$work/reset.out" 2>&1; code=$?
check "--reset --yes exits 0" "0" "$code" "$(cat "$work/reset.out")"
check "--reset restores the shipped starter, even after a commit" "$(cat "$root/Exercises/$target")" "$(cat "$clone/Exercises/$target")"
backup="$(find "$clone/.kata-backups" -type f -name "$(basename "$target")" | head -n 1)"
if [ -n "$backup" ] && [ "$(cat "$backup")" = "$mine" ]; then pass "--reset keeps the attendee's version in .kata-backups/"
else fail "--reset keeps the attendee's version in .kata-backups/" "backup: ${backup:-none}"; fi

setsid "$clone/Scripts/grade.sh" --watch >"$work/watch.out" 2>&1 &
watch_pid=$!
for _ in $(seq 1 600); do grep -q "Waiting for you to save" "$work/watch.out" && break; sleep 0.5; done
for file in $(solution_files "$first"); do cp "$root/Solutions/$file" "$clone/Exercises/$file"; done
for _ in $(seq 1 240); do grep -q "$first is done" "$work/watch.out" && break; sleep 0.5; done
grep -q "$first is done" "$work/watch.out" && pass "--watch re-grades a saved exercise and moves on when it is done" ||
  fail "--watch re-grades a saved exercise and moves on when it is done" "$(tail -n 8 "$work/watch.out")"
kill -INT "$watch_pid"; wait "$watch_pid"; code=$?
check "Ctrl-C stops --watch with 130, as --help says" "130" "$code" "$(tail -n 3 "$work/watch.out")"

# A checkout moved to another folder carries a build folder whose paths point to the old one.
mv "$clone" "$work/moved"
"$work/moved/Scripts/grade.sh" --porcelain "$first" >"$work/moved.tsv" 2>"$work/moved.err"; code=$?
check "a moved checkout (its build folder now stale) still grades" "done" "$(verdict_of "$first" "$work/moved.tsv")" "$(tail -n 3 "$work/moved.err")"

section "What a person sees: widths, exit codes, JSON, did-you-mean, --watch ID, --demo, --reset"
# Plain mode (not a terminal) wraps at COLUMNS, else 80. Nothing may be wider, and nothing cut.
widest() { LC_ALL=C.UTF-8 wc -L <"$1"; }
fits() { # fits NAME FILE: every line of FILE fits 80 columns
  local width; width="$(widest "$2")"
  if [ "$width" -le 80 ]; then pass "$1 fits 80 columns"
  else fail "$1 fits 80 columns" "widest line: $width" "$(LC_ALL=C.UTF-8 awk 'length > 80' "$2" | head -n 3)"; fi
}
export COLUMNS=80
"$grade" --help >"$work/help.txt" 2>&1; fits "--help" "$work/help.txt"
"$grade" --list >"$work/list.txt" 2>&1; fits "--list" "$work/list.txt"
missing_ids=""
for id in "${ids[@]}"; do grep -q -- " $id " "$work/list.txt" || grep -q -- " $id\$" "$work/list.txt" || missing_ids="$missing_ids $id"; done
check "--list shows every id whole" "" "$missing_ids"
: >"$work/hints.txt"
for id in "${ids[@]}"; do "$grade" --hint "$id" >>"$work/hints.txt" 2>&1; done
fits "--hint of every exercise" "$work/hints.txt"
"$grade" >"$work/grade-starters.txt" 2>&1; fits "a grade of the starters" "$work/grade-starters.txt"
if [ -d "$planted" ]; then
  "$grade" --from "$planted" >"$work/grade-planted.txt" 2>&1
  fits "a grade with every kind of fault" "$work/grade-planted.txt"
fi
"$grade" --solutions "$first" >"$work/grade-done.txt" 2>&1; fits "a done grade" "$work/grade-done.txt"

# The Next card: advice that fits, said once.
hint_lines="$(grep -c 'Hint:' "$work/grade-planted.txt" 2>/dev/null || echo 0)"
[ "$hint_lines" -le 1 ] && pass "the Next card says Hint: once" || fail "the Next card says Hint: once" "$(grep 'Hint:' "$work/grade-planted.txt")"
if grep -q "were graded without this one" "$work/grade-done.txt"; then fail "a grade of one exercise does not mention the others"
else pass "a grade of one exercise does not mention the others"; fi
one_file_id="$(awk -F'\t' '$4 !~ /,/ { print $1; exit }' "$work/exercises.tsv")"
"$grade" "$one_file_id" >"$work/grade-one-file.txt" 2>&1
if grep -q "in that order" "$work/grade-one-file.txt"; then fail "a one-file exercise is not told 'in that order'" "$(tail -n 4 "$work/grade-one-file.txt")"
else pass "a one-file exercise is not told 'in that order'"; fi
grep -q "^Next: " "$work/grade-done.txt" || grep -q "Every graded exercise is done" "$work/grade-done.txt" &&
  pass "a done grade ends with what to do next" || fail "a done grade ends with what to do next" "$(tail -n 4 "$work/grade-done.txt")"

# Exit codes and suggestions.
"$grade" mocking-requst >/dev/null 2>"$work/typo.err"; code=$?
check "a mistyped id exits 2" "2" "$code"
grep -q "Did you mean mocking-request" "$work/typo.err" && pass "a mistyped id gets did-you-mean" || fail "a mistyped id gets did-you-mean" "$(cat "$work/typo.err")"
"$grade" --wach >/dev/null 2>"$work/typo.err"; code=$?
check "a mistyped option exits 2" "2" "$code"
grep -q "Did you mean --watch" "$work/typo.err" && pass "a mistyped option gets did-you-mean" || fail "a mistyped option gets did-you-mean" "$(cat "$work/typo.err")"
"$grade" 999 >/dev/null 2>"$work/typo.err"; check "an exercise number out of range exits 2" "2" "$?"
grep -q "from 1 to ${#ids[@]}" "$work/typo.err" && pass "an exercise number out of range says the valid range" || fail "an exercise number out of range says the valid range" "$(cat "$work/typo.err")"
"$grade" --demo >/dev/null 2>&1; check "--demo without an id exits 2" "2" "$?"
"$grade" --watch "$first" "${ids[1]}" >/dev/null 2>&1; check "--watch with two ids exits 2" "2" "$?"
"$grade" --solutions --json="$work/no-such-folder/results.json" "$first" >/dev/null 2>"$work/json-unwritable.err"; code=$?
[ "$code" -ne 0 ] && pass "an unwritable --json=PATH exits non-zero ($code)" || fail "an unwritable --json=PATH exits non-zero" "$(cat "$work/json-unwritable.err")"
grep -q "cannot write" "$work/json-unwritable.err" && [ "$(wc -l <"$work/json-unwritable.err")" -le 2 ] &&
  pass "an unwritable --json=PATH says why in a line" || fail "an unwritable --json=PATH says why in a line" "$(cat "$work/json-unwritable.err")"

# The JSON matches its documented schema, whatever the verdicts.
"$grade" --json >"$work/starters.json" 2>/dev/null
"$grade" --solutions --json "$first" >"$work/solutions.json" 2>/dev/null
json_files=("$work/starters.json" "$work/solutions.json")
if [ -d "$planted" ]; then "$grade" --json --from "$planted" >"$work/planted.json" 2>/dev/null; json_files+=("$work/planted.json"); fi
if command -v python3 >/dev/null; then
  if Scripts/check-results-json.py "${json_files[@]}" >"$work/schema.log" 2>&1
  then pass "--json matches docs/results-json.md (starters, solutions, planted faults)"
  else fail "--json matches docs/results-json.md" "$(head -n 5 "$work/schema.log")"; fi
else
  fail "--json matches docs/results-json.md" "python3 is needed for Scripts/check-results-json.py"
fi
grep -q '"testSeconds" : null' "$work/starters.json" && pass "testSeconds is null, not missing, when no run happened" || fail "testSeconds is null, not missing, when no run happened"

# --demo: weak suites and solution side by side, Exercises/ untouched.
demo_id=""
for id in "${ids[@]}"; do [ -d "Tests/Fixtures/$id" ] && { demo_id="$id"; break; }; done
before="$(cd "$root/Exercises" && find . -type f -exec cat {} + | cksum)"
"$grade" --demo "$demo_id" >"$work/demo.txt" 2>&1; code=$?
after="$(cd "$root/Exercises" && find . -type f -exec cat {} + | cksum)"
check "--demo $demo_id: every suite gets its expected verdict (exit 0)" "0" "$code" "$(tail -n 8 "$work/demo.txt")"
check "--demo reads and writes nothing in Exercises/" "$before" "$after"
missing_suites=""
for fixture in Tests/Fixtures/"$demo_id"/*/; do name="$(basename "$fixture")"; grep -qE "^(ok|!!) $name " "$work/demo.txt" || missing_suites="$missing_suites $name"; done
grep -qE "^(ok|!!) reference solution " "$work/demo.txt" || missing_suites="$missing_suites solution"
check "--demo lines up the solution and every weak suite" "" "$missing_suites"
fits "--demo" "$work/demo.txt"

# --watch ID, --reset and --undo-reset, in the moved clone from the section above.
moved="$work/moved"
second="${ids[1]}"
second_file="$(solution_files "$second" | tail -n 1)"
setsid "$moved/Scripts/grade.sh" --watch "$second" >"$work/watch-id.out" 2>&1 &
watch_pid=$!
for _ in $(seq 1 600); do grep -q "Waiting for you to save" "$work/watch-id.out" && break; sleep 0.5; done
others="$(grep -oE "^(ok|!!|--) [a-z0-9-]+" "$work/watch-id.out" | sort -u | wc -l)"
check "--watch ID grades only that exercise" "1" "$others" "$(head -n 5 "$work/watch-id.out")"
cp "$root/Solutions/$second_file" "$moved/Exercises/$second_file"
for _ in $(seq 1 240); do grep -q "$second is done" "$work/watch-id.out" && break; sleep 0.5; done
grep -q "$second is done" "$work/watch-id.out" && pass "--watch ID re-grades that exercise when it is saved" || fail "--watch ID re-grades that exercise when it is saved" "$(tail -n 8 "$work/watch-id.out")"
kill -INT "$watch_pid"; wait "$watch_pid"; check "Ctrl-C stops --watch ID with 130" "130" "$?"

# Two resets in the same second keep two backups; a shared file is named; one command undoes.
shared_file="$(solution_files "$first" | head -n 1)"
printf '\n// version one\n' >>"$moved/Exercises/$shared_file"
"$moved/Scripts/grade.sh" --reset "$first" --yes >"$work/reset1.out" 2>&1
printf '\n// version two\n' >>"$moved/Exercises/$shared_file"
"$moved/Scripts/grade.sh" --reset "$first" --yes >"$work/reset2.out" 2>&1
kept_one="$(grep -rl "version one" "$moved/.kata-backups" | wc -l)"
kept_two="$(grep -rl "version two" "$moved/.kata-backups" | wc -l)"
check "two quick resets keep both versions" "1 1" "$kept_one $kept_two" "$(cat "$work/reset1.out" "$work/reset2.out")"
users="$(awk -F'\t' -v f="$(basename "$shared_file")" -v id="$first" '$1 != id && ("," $4 "," $5 ",") ~ ("," f ",") { print $1 }' "$work/exercises.tsv" | head -n 1)"
if [ -n "$users" ]; then
  grep -q "also used by.*$users" "$work/reset1.out" && pass "--reset names the exercises that share its file" || fail "--reset names the exercises that share its file" "$(cat "$work/reset1.out")"
fi
"$moved/Scripts/grade.sh" --undo-reset >"$work/undo.out" 2>&1; code=$?
check "--undo-reset exits 0" "0" "$code" "$(cat "$work/undo.out")"
grep -q "version two" "$moved/Exercises/$shared_file" && pass "--undo-reset puts back the version the last reset replaced" || fail "--undo-reset puts back the version the last reset replaced" "$(cat "$work/undo.out")"
unset COLUMNS

printf '\n%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
