#!/usr/bin/env bash
# The kata's own test command, for maintainers and CI. It proves that:
#   1. the kata's own tests (Tests/) and the reference solutions pass under plain `swift test`,
#      among them the real grader driven end to end over a mini course (Tests/KataEndToEndTests);
#   2. every plain `swift test` line that --hint and the README print runs at least one test, and
#      only its exercise's (Scripts/lib/plain-swift-test.sh); every shipped starter is recorded,
#      compiles, fails, and is graded "not started";
#   3. every solution is graded done (it catches every chaff and passes every wheat), also
#      over repeated runs under CPU load, and no variant is left unused;
#   4. planted faults (no compile, hang, crash, failing assertion) get their verdicts while every
#      other exercise's verdict holds;
#   5. deliberately weak suites (Tests/Fixtures/<exercise>/<name>/) get the verdicts they expect;
#   6. grade.sh's edges: no toolchain, a run from another folder, Ctrl-C (bad ids, a damaged
#      catalog, a missing file and two grades at once are the end-to-end test's);
#   7. the workshop commands: --hint, --json, --solution, --reset (in a scratch clone, with a
#      commit of attendee work), --watch, and a moved checkout whose build folder went stale;
#   8. what a person sees: every screen fits 80 columns, the JSON schema, --watch ID, --demo,
#      --reset's backups and warnings, --undo-reset (--help, --hint, --check made to fail, exit
#      codes and did-you-mean are checked by step 1's swift test: README, maintainers' section);
#   9. the kata on laptops (Scripts/laptop-selftest.sh): a ZIP download in a folder named with
#      non-ASCII letters, git clean -fdx and rm -rf .build, editors and habits, two tracks, and
#      files an unprivileged attendee cannot read or write; then the live room's own self-test;
#  10. grade.sh --doctor (Scripts/doctor-selftest.sh); the fallback to `swift test` when the
#      private channel is silent is step 1's (KataEndToEndTests).
# It ends with the line "N passed, N failed" and exits non-zero when anything failed.
# It is not a step of the course, and it refuses to run on a checkout with work in Exercises/.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
grade="$root/Scripts/grade.sh"

# Say up front, not after minutes of failures, when this checkout holds attendee work: the
# self-test would judge the starters by it, and its advice (regenerate.sh) would record that work
# as the starters.
if ! "$grade" --check-starters >/dev/null 2>"${TMPDIR:-/tmp}/kata-selftest-starters.$$"; then
  cat >&2 <<MESSAGE
selftest.sh is the maintainers' test of the kata itself, not a step of the course.
$(grep -v regenerate "${TMPDIR:-/tmp}/kata-selftest-starters.$$")
To grade your exercises, run: Scripts/grade.sh
To run the self-test, use a clean clone (about 25 minutes on two cores):
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
  for pid in ${load_pids[@]+"${load_pids[@]}"}; do kill "$pid" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT

source "$root/Scripts/lib/checks.sh"
source "$root/Scripts/lib/portable.sh"
verdict_of() { awk -F'\t' -v id="$1" '$1 == id { print $2 }' "$2"; }
reason_of() { awk -F'\t' -v id="$1" '$1 == id { print $3 }' "$2"; }

# A copy of Solutions/ to plant things in, graded with `grade.sh --from`.
fresh_copy() { rm -rf "$1"; mkdir -p "$1"; cp -R "$root/Solutions/." "$1/"; }

section "Build and run the kata's own tests and the solutions (swift test)"
if with_timeout 1800 INT swift build --build-system native --build-tests >"$work/build.log" 2>&1; then
  pass "swift build --build-tests"
else
  fail "swift build --build-tests" "$(grep -m3 'error:' "$work/build.log")"
fi
# The kata builds without a warning of its own (Sources/, Tests/, Solutions/, the manifest): a
# plain `swift build` printed one deprecation four times. The starters in Exercises/ are attendee
# code, as found.
# A diagnostic's first line names its file, or nothing (SwiftPM's own); the lines under it quote the code.
own_warnings="$(grep -E '^([^ |].*: )?warning:' "$work/build.log" | grep -v '/Exercises/' | sort -u | head -n 5)"
check "swift build prints no warning of the kata's own code" "" "$own_warnings"
# Starters fail by design, so plain `swift test` runs everything else.
if with_timeout 1800 INT swift test --build-system native --skip-build --skip 'Exercises\.' >"$work/swift-test.log" 2>&1; then
  pass "swift test: Tests/ and Solutions/ pass ($(grep -c "' passed (" "$work/swift-test.log") XCTest cases)"
else
  fail "swift test: Tests/ and Solutions/ pass" "$(grep -m5 -E 'error:|✘' "$work/swift-test.log")"
fi

"$grade" --list --porcelain >"$work/exercises.tsv" 2>"$work/list.err" || { cat "$work/list.err"; exit 1; }
# One key per exercise and track: the id, or id@framework for an exercise's other framework.
keys=($(cut -f1 "$work/exercises.tsv"))
ids=($(cut -f1 "$work/exercises.tsv" | grep -v @))
echo "  (${#ids[@]} exercises in the catalog, ${#keys[@]} tracks)"
# expect KEY VERDICT: VERDICT, or "needs" for a track this toolchain cannot run (--list's sixth column).
expect() { if [ -n "$(awk -F'\t' -v id="$1" '$1 == id { print $6 }' "$work/exercises.tsv")" ]; then echo needs; else echo "$2"; fi; }
needs_here="$(awk -F'\t' '$6 != "" { print $1 ": needs " $6 }' "$work/exercises.tsv")"
[ -z "$needs_here" ] || printf '  (this toolchain cannot run every track; they must be judged "needs":\n%s)\n' "$(echo "$needs_here" | sed 's/^/    /')"

section "Plain swift test: each line --hint and README print runs its exercise's tests, and only those"
source "$root/Scripts/lib/plain-swift-test.sh"
check_plain_swift_test_lines

section "Shipped starters"
if "$grade" --check-starters >"$work/starters.log" 2>&1; then
  pass "every starter matches Catalog/starters.json"
else
  fail "every starter matches Catalog/starters.json" "$(cat "$work/starters.log")"
fi
"$grade" --porcelain >"$work/starters.tsv" 2>"$work/starters.err"
for id in "${ids[@]}"; do check "$id: graded not started as shipped" "$(expect "$id" "not started")" "$(verdict_of "$id" "$work/starters.tsv")"; done
# Graded as if edited, the starters must compile and fail, never pass, hang or crash.
"$grade" --porcelain --from "$root/Exercises" >"$work/starters-run.tsv" 2>"$work/starters-run.err"
for id in "${keys[@]}"; do check "$id: starter compiles and fails" "$(expect "$id" failing)" "$(verdict_of "$id" "$work/starters-run.tsv")" "$(reason_of "$id" "$work/starters-run.tsv")"; done

section "The maintainers' check (grade.sh --check)"
# check_results JSON: one "name<TAB>ok<TAB>first problems" line per check.
check_results() { python3 -c 'import json, sys
for c in json.load(open(sys.argv[1]))["checks"]:
    print(c["name"] + "\t" + ("ok" if c["ok"] else "FAIL") + "\t" + " | ".join(c["problems"][:3]))' "$1"; }
"$grade" --check --json >"$work/check.json" 2>"$work/check.err"
while IFS=$'\t' read -r name status problems; do
  check "check: $name" "ok" "$status" "$problems"
done < <(check_results "$work/check.json")
# Each check made to fail, one planted inconsistency at a time: MaintainerCheckPlantsTests (swift test).

section "Scripts run on macOS's bash 3.2 and BSD tools (Scripts/lib/portability.sh)"
source "$root/Scripts/lib/portability.sh"
if portability_problems "$root"/Scripts/*.sh "$root"/Scripts/lib/*.sh "$root"/.ci/run >"$work/portability.txt"; then
  fail "no GNU-only or bash-4 construct in the scripts" "$(head -n 5 "$work/portability.txt")"
else
  pass "no GNU-only or bash-4 construct in the scripts"
fi

section "Reference solutions"
"$grade" --solutions --porcelain >"$work/solutions.tsv" 2>"$work/solutions.err"
for id in "${keys[@]}"; do check "$id: solution is done" "$(expect "$id" done)" "$(verdict_of "$id" "$work/solutions.tsv")" "$(reason_of "$id" "$work/solutions.tsv")"; done
if grep -rilE 'chaff|wheat|mutant|KATA_VARIANT|KATA_RUN|_KataVariant' Sources Exercises --include='*.swift' | grep -v '^Sources/KataGrad' >"$work/leaks"; then
  fail "no trace of grading in Sources/ or Exercises/" "$(cat "$work/leaks")"
else
  pass "no trace of grading in Sources/ or Exercises/"
fi

section "Solutions under CPU load, 5 runs each"
for _ in 1 2; do yes >/dev/null & load_pids+=($!); done
"$grade" --solutions --porcelain --regrade --repeats 5 >"$work/load.tsv" 2>"$work/load.err"
for pid in ${load_pids[@]+"${load_pids[@]}"}; do kill "$pid" 2>/dev/null; done
load_pids=()
for id in "${keys[@]}"; do check "$id: solution is done under load" "$(expect "$id" done)" "$(verdict_of "$id" "$work/load.tsv")" "$(reason_of "$id" "$work/load.tsv")"; done

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
  'final class SelftestPlantedFailure: XCTestCase { func testAPlantedFailureWhoseNameIsLongerThanAnyLineOfAnEightyColumnTerminal() { XCTFail("planted failure") } }'
  'final class SelftestPlantedHang: XCTestCase { func test_planted() { Thread.sleep(forTimeInterval: 3600) } }'
  'final class SelftestPlantedDeadlock: XCTestCase { func test_planted() { DispatchQueue.main.sync {} } }'
)
# The planted ids and their verdicts, side by side (bash 3.2 has no associative arrays).
planted_ids=(); planted_verdicts=()
planted_verdict_of() { local i; for i in ${planted_ids[@]+"${!planted_ids[@]}"}; do [ "${planted_ids[$i]}" = "$1" ] && echo "${planted_verdicts[$i]}"; done; }
if [ "${#plantable[@]}" -lt 4 ]; then
  fail "four exercises to plant faults in" "only ${#plantable[@]} have a file of their own"
else
  for i in 0 1 2 3; do
    id="${plantable[$i]%%|*}"; file="${plantable[$i]#*|}"
    printf '\nimport Foundation\n%s\n' "${snippets[$i]}" >>"$planted/$file"
    planted_ids+=("$id"); planted_verdicts+=("${faults[$i]}")
  done
  "$grade" --porcelain --regrade --from "$planted" >"$work/planted.tsv" 2>"$work/planted.err"
  for id in "${keys[@]}"; do
    fault="$(planted_verdict_of "$id")"; expected="${fault:-$(expect "$id" done)}"
    check "$id: ${fault:+planted fault is }$expected" "$expected" "$(verdict_of "$id" "$work/planted.tsv")" "$(reason_of "$id" "$work/planted.tsv")"
  done
  hang_id="${plantable[2]%%|*}"; crash_id="${plantable[3]%%|*}"; compile_id="${plantable[0]%%|*}"
  case "$(reason_of "$hang_id" "$work/planted.tsv")" in *SelftestPlantedHang*) pass "the hang names its test";; *) fail "the hang names its test" "$(reason_of "$hang_id" "$work/planted.tsv")";; esac
  case "$(reason_of "$crash_id" "$work/planted.tsv")" in *deadlock*) pass "the crash is named a dispatch_sync deadlock";; *) fail "the crash is named a dispatch_sync deadlock" "$(reason_of "$crash_id" "$work/planted.tsv")";; esac
  case "$(reason_of "$compile_id" "$work/planted.tsv")" in *"${plantable[0]#*|}:"[0-9]*) pass "the compile error gives file:line";; *) fail "the compile error gives file:line" "$(reason_of "$compile_id" "$work/planted.tsv")";; esac
fi

section "Weak suites (Tests/Fixtures)"
source "$root/Scripts/lib/fixture-rounds.sh"
grade_fixture_rounds "$work/fixtures.tsv" 1
while IFS=$'\t' read -r id fixture expected actual reason wheat; do
  check "$id: $fixture suite is judged $expected" "$expected" "$actual" "$reason"
  [ -n "$wheat" ] || continue
  # The wheat its expected file names is the one that rejected it: the reason quotes its hint
  # (as a sentence, so its first letter may be a capital).
  module="$(awk -F'\t' -v id="${id%%@*}" '$1 == id { print $2; exit }' "$work/exercises.tsv")"
  hint="$(sed -n 's/^hint: *//p' "Catalog/Variants/$module/$wheat.wheat" 2>/dev/null)"
  case "$reason" in *"${hint:1}"*) [ -n "$hint" ] && pass "$id: $fixture is rejected by the wheat $wheat" || fail "$id: $fixture is rejected by the wheat $wheat" "no such wheat";;
    *) fail "$id: $fixture is rejected by the wheat $wheat" "$reason";; esac
done <"$work/fixtures.tsv"

section "macOS's decisions on Linux (KATA_PLATFORM=macos): solutions, fixtures, requirements, escapes"
# The grader takes every decision a Mac takes that is not an OS call: no build replay, no
# subreaper, macOS's run and listing plans (the grader plays xctest and SwiftPM's helpers), the
# requirement checks with a simulated Mac (docs/platforms.md). A macOS-only branch that breaks
# fails here. Each check is the Linux one above, graded again.
# The toolchain is the one whose `swift` is first on the PATH, asked of that `swift`, as SwiftPM
# finds its own helper (not xcrun's, which follows xcode-select): here a simulated swiftly
# toolchain, a proxy on the PATH and the toolchain elsewhere, with its own Swift Testing library.
# StandIn refuses a helper run whose loader paths miss that toolchain's Swift Testing.
# fake_toolchain ROOT swiftly|clt: a toolchain tree whose swift answers -print-target-info for
# itself and hands everything else to the real swift.
fake_toolchain() {
  local real; real="$(command -v swift)"
  mkdir -p "$1/usr/bin" "$1/usr/libexec/swift/pm"
  case "$2" in
    swiftly) mkdir -p "$1/usr/lib/swift/macosx/testing" ;;
    clt) mkdir -p "$1/Library/Developer/Frameworks/Testing.framework" "$1/Library/Developer/usr/lib" ;;
  esac
  printf '#!/usr/bin/env bash\nfor a in "$@"; do [ "$a" = -print-target-info ] && { printf %s; exit 0; }; done\nexec "%s" "$@"\n' \
    "'{\"paths\":{\"runtimeResourcePath\":\"$1/usr/lib/swift\"}}\\n'" "$real" >"$1/usr/bin/swift"
  chmod +x "$1/usr/bin/swift"
}
swiftly="$work/swiftly/toolchains/6.3.1"
fake_toolchain "$swiftly" swiftly
mkdir -p "$work/swiftly/bin"
printf '#!/usr/bin/env bash\nexec "%s/usr/bin/swift" "$@"\n' "$swiftly" >"$work/swiftly/bin/swift" && chmod +x "$work/swiftly/bin/swift"
PATH="$work/swiftly/bin:$PATH" KATA_PLATFORM=macos KATA_TRACE=1 "$grade" --list >/dev/null 2>"$work/mac-swiftly.trace"
platform_line="$(grep '^\[kata\] platform:' "$work/mac-swiftly.trace" | tail -n 1)"
case "$platform_line" in
  *"toolchain $swiftly/usr, swift testing library $swiftly/usr/lib/swift/macosx/testing;"*"testing-helper $swiftly/usr/libexec/swift/pm/swiftpm-testing-helper"*)
    pass "macOS decisions: swiftly first on the PATH: the helper and Swift Testing are that toolchain's, not xcrun's" ;;
  *) fail "macOS decisions: swiftly first on the PATH: the helper and Swift Testing are that toolchain's, not xcrun's" "${platform_line:-no platform line}" ;;
esac
env -u DYLD_LIBRARY_PATH "$grader_bin" --stand-in "$swiftly/usr/libexec/swift/pm/swiftpm-testing-helper" --test-bundle-path /bin/echo >/dev/null 2>&1
check "macOS decisions: the helper's stand-in refuses a run without its toolchain's Swift Testing on the loader paths" "64" "$?"
PATH="$work/swiftly/bin:$PATH" KATA_PLATFORM=macos "$grade" --regrade --solutions --porcelain >"$work/mac-solutions.tsv" 2>"$work/mac-solutions.err"
for id in "${keys[@]}"; do check "macOS decisions: $id: solution is done" "$(expect "$id" done)" "$(verdict_of "$id" "$work/mac-solutions.tsv")" "$(reason_of "$id" "$work/mac-solutions.tsv")" "$(tail -n 2 "$work/mac-solutions.err")"; done
KATA_PLATFORM=macos grade_fixture_rounds "$work/mac-fixtures.tsv" 1
while IFS=$'\t' read -r id fixture expected actual reason wheat; do
  check "macOS decisions: $id: $fixture suite is judged $expected" "$expected" "$actual" "$reason"
done <"$work/mac-fixtures.tsv"
# A Mac older than an exercise needs, and a toolchain older than it needs: "needs", counted out.
# Each exercise's requirements, as the catalog states them: id, Swift, macOS ("-" for none).
python3 -c 'import json, sys
for e in json.load(open(sys.argv[1]))["exercises"]:
    r = e.get("requires", {})
    print(e["id"], r.get("swift", "-"), r.get("macOS", "-"))' Catalog/catalog.json >"$work/requires.txt"
required="$(awk '$2 != "-" || $3 != "-" { print $1 }' "$work/requires.txt" | tr '\n' ' ')"
KATA_PLATFORM=macos KATA_PLATFORM_MACOS_VERSION=15.5 "$grade" --regrade --solutions --porcelain $required >"$work/mac-old.tsv" 2>"$work/mac-old.err"; code=$?
KATA_PLATFORM=macos KATA_PLATFORM_SWIFT_VERSION=6.1 "$grade" --list --porcelain >"$work/swift61-list.tsv" 2>&1
while read -r id swift macos; do
  [ "$swift" != "-" ] || [ "$macos" != "-" ] || continue
  if [ "$macos" != "-" ]; then
    check "a Mac on 15.5: $id needs macOS $macos" "needs: macOS $macos (this Mac has 15.5)" \
      "$(verdict_of "$id" "$work/mac-old.tsv"): $(reason_of "$id" "$work/mac-old.tsv" | cut -c1-$((26 + ${#macos})))"
  else
    check "a Mac on 15.5: $id is done" "$(expect "$id" done)" "$(verdict_of "$id" "$work/mac-old.tsv")" "$(reason_of "$id" "$work/mac-old.tsv")"
  fi
  if [ "$swift" != "-" ] && [ "$swift" != "6.1" ] && [ "$swift" != "6.0" ]; then wanted="Swift $swift (this toolchain is 6.1)"; else wanted=""; fi
  title="runs"; [ -z "$wanted" ] || title="needs $wanted"
  check "--list with Swift 6.1: $id $title" "$wanted" "$(awk -F'\t' -v id="$id" '$1 == id { print $6 }' "$work/swift61-list.tsv")"
done <"$work/requires.txt"
check "what a Mac cannot run does not count: the grade exits 0" "0" "$code" "$(tail -n 3 "$work/mac-old.err")"
# The Command Line Tools without Xcode: XCTest tracks need Xcode; Swift Testing still builds and runs.
# The toolchain is the Command Line Tools' (Testing.framework beside it, no SDK platform): the run
# gets its frameworks and _TestingInterop's folder (StandIn checks), the build -F for the framework.
clt="$work/CommandLineTools"
fake_toolchain "$clt" clt
PATH="$clt/usr/bin:$PATH" KATA_PLATFORM=macos KATA_PLATFORM_XCODE=0 KATA_TRACE=1 "$grade" --regrade --solutions "${ids[0]}" "${ids[0]}@swift-testing" >"$work/mac-clt.txt" 2>&1; code=$?
PATH="$clt/usr/bin:$PATH" KATA_PLATFORM=macos KATA_PLATFORM_XCODE=0 "$grade" --regrade --solutions --porcelain "${ids[0]}" "${ids[0]}@swift-testing" >"$work/mac-clt.tsv" 2>/dev/null
platform_line="$(grep '^\[kata\] platform:' "$work/mac-clt.txt" | tail -n 1)"
case "$platform_line" in
  *"swift testing frameworks $clt/Library/Developer/Frameworks;"*"sdk -;"*"build flags -Xswiftc -F -Xswiftc $clt/Library/Developer/Frameworks"*)
    pass "Command Line Tools: Swift Testing is the tools' framework, found with -F, without an SDK platform" ;;
  *) fail "Command Line Tools: Swift Testing is the tools' framework, found with -F, without an SDK platform" "${platform_line:-no platform line}" ;;
esac
check "Command Line Tools: ${ids[0]} needs Xcode" "needs" "$(verdict_of "${ids[0]}" "$work/mac-clt.tsv")" "$(reason_of "${ids[0]}" "$work/mac-clt.tsv")"
check "Command Line Tools: ${ids[0]}@swift-testing still builds and is done" "$(expect "${ids[0]}@swift-testing" done)" "$(verdict_of "${ids[0]}@swift-testing" "$work/mac-clt.tsv")" "$(tail -n 3 "$work/mac-clt.txt")"
grep -q "Install Xcode" "$work/mac-clt.txt" && grep -q -- "--framework swift-testing" "$work/mac-clt.txt" && [ "$code" = 0 ] &&
  pass "Command Line Tools: the grade says what to install and what still works, and exits 0" || fail "Command Line Tools: the grade says what to install and what still works, and exits 0" "exit $code" "$(head -n 6 "$work/mac-clt.txt")"
# A file saved under its exercise file's name in another case (docs/platforms.md, "File names"):
# a Mac's disk finds it, so Linux taking macOS's decisions grades it, and the grade names the rename.
case_copy="$work/mac-case"
fresh_copy "$case_copy"
case_file="$(python3 -c 'import json, sys
c = json.load(open(sys.argv[1]))
modules = {p["id"]: p["module"] for p in c["patterns"]}
for e in c["exercises"]:
    if e["id"] == sys.argv[2]: print(modules[e["pattern"]] + "/" + e["files"][-1])' Catalog/catalog.json "${ids[0]}")"
case_lower="$(dirname "$case_file")/$(basename "$case_file" | tr '[:upper:]' '[:lower:]')"
mv "$case_copy/$case_file" "$case_copy/$case_lower"
KATA_PLATFORM=macos "$grade" --regrade --from "$case_copy" "${ids[0]}" >"$work/mac-case.txt" 2>&1
KATA_PLATFORM=macos "$grade" --porcelain --from "$case_copy" "${ids[0]}" >"$work/mac-case.tsv" 2>/dev/null
check "macOS decisions: ${ids[0]}'s file saved as $(basename "$case_lower") is found, as a Mac's disk finds it" "$(expect "${ids[0]}" done)" "$(verdict_of "${ids[0]}" "$work/mac-case.tsv")" "$(reason_of "${ids[0]}" "$work/mac-case.tsv")"
grep -q "differs from the" "$work/mac-case.txt" && pass "a file named in another case: the grade names it with the rename" ||
  fail "a file named in another case: the grade names it with the rename" "$(head -n 6 "$work/mac-case.txt")"
# No subreaper: what a test starts outside its group is ended by the run's mark, as on a Mac. The
# test waits a moment, so that the escapes are out of its group before it ends.
mac_escapes="$work/mac-escapes"
fresh_copy "$mac_escapes"
mac_plant="${plantable[1]}"
printf '\nimport Foundation\n%s\n' 'final class SelftestMacEscapes: XCTestCase { func test_z() throws { let p = Process(); p.executableURL = URL(fileURLWithPath: "/bin/sleep"); p.arguments = ["321"]; try p.run(); _ = system("perl -MPOSIX -e \"setsid(); exec q(sleep), 322\" >/dev/null 2>&1 </dev/null &"); _ = system("sleep 323 >/dev/null 2>&1 &"); usleep(300_000) } }' >>"$mac_escapes/${mac_plant#*|}"
KATA_PLATFORM=macos "$grade" --regrade --porcelain --from "$mac_escapes" "${mac_plant%%|*}" >"$work/mac-escapes.tsv" 2>"$work/mac-escapes.err"
check "macOS decisions: a test that escapes its group is judged done" "$(expect "${mac_plant%%|*}" done)" "$(verdict_of "${mac_plant%%|*}" "$work/mac-escapes.tsv")" "$(reason_of "${mac_plant%%|*}" "$work/mac-escapes.tsv")"
sleep 0.3
if pgrep -f "sleep 32[123]" >/dev/null; then fail "macOS decisions: nothing a test started outlives the verdict, without a subreaper" "$(processes_matching "sleep 32[123]")"
else pass "macOS decisions: nothing a test started outlives the verdict, without a subreaper"; fi
printf '\nimport Foundation\n%s\n' 'final class SelftestMacHangs: XCTestCase { func test_zz() throws { _ = system("perl -MPOSIX -e \"setsid(); exec q(sleep), 324\" >/dev/null 2>&1 </dev/null &"); Thread.sleep(forTimeInterval: 3600) } }' >>"$mac_escapes/${mac_plant#*|}"
KATA_PLATFORM=macos "$grade" --porcelain --from "$mac_escapes" "${mac_plant%%|*}" >/dev/null 2>&1 &
for _ in $(seq 1 300); do pgrep -f "sleep 324" >/dev/null && break; sleep 0.1; done
mac_grader="$(pgrep -f "KataGrader $root --porcelain --from $mac_escapes" | head -n 1)"
if [ -n "$mac_grader" ]; then
  kill -9 "$mac_grader"; sleep 3
  if pgrep -f "sleep 324|SelftestMacHangs" >/dev/null; then fail "macOS decisions: kill -9 of the grader leaves nothing running" "$(processes_matching "sleep 324")"
  else pass "macOS decisions: kill -9 of the grader leaves nothing running"; fi
else
  fail "macOS decisions: kill -9 of the grader leaves nothing running" "the grader never started the hanging run"
fi
wait 2>/dev/null

section "grade.sh at its edges"
# The grader's own answers to a wrong id or option, a damaged catalog, a missing starters.json or
# exercise file, and two grades at once are checked by swift test (Tests/KataEndToEndTests, over a
# mini course); here, what grade.sh itself does.
first="${ids[0]}"
(cd / && "$grade" --list >/dev/null 2>&1); check "grade.sh works from any directory" "0" "$?"

mkdir -p "$work/bin"
for tool in bash dirname find tail mkdir rm cat; do ln -sf "$(command -v "$tool")" "$work/bin/$tool"; done
PATH="$work/bin" "$work/bin/bash" "$grade" --list >/dev/null 2>"$work/err"; code=$?
check "no swift on the PATH exits 3" "3" "$code"
grep -q "Install Swift" "$work/err" && pass "no swift on the PATH says how to install it" || fail "no swift on the PATH says how to install it" "$(cat "$work/err")"

# Ctrl-C in the middle of a hanging run: grade.sh exits 130 and leaves no test process behind.
if [ "${#plantable[@]}" -ge 3 ]; then
  hang_id="${plantable[2]%%|*}"
  set -m; "$grade" --porcelain --from "$planted" "$hang_id" >/dev/null 2>"$work/ctrlc.err" & grade_pid=$!; set +m
  for _ in $(seq 1 300); do pgrep -f "$root/.build/kata/planted/.build" >/dev/null && break; sleep 0.1; done
  sleep 0.5
  kill -INT "$grade_pid"
  wait "$grade_pid"; code=$?
  check "Ctrl-C mid-run exits 130" "130" "$code"
  sleep 0.3
  if pgrep -f "$root/.build/kata/planted/.build" >/dev/null; then fail "Ctrl-C leaves no process behind" "$(processes_matching "$root/.build/kata/planted/.build")"
  else pass "Ctrl-C leaves no process behind"; fi
fi

section "Attacks from inside a test: each gets its verdict, and leaves nothing behind"
# Planted into exercises of a copy of Solutions/ (their own tests still catch every bug), so the
# verdict shows what the attack did to the grade. All run in one grade, with the system's
# temporary directory pointed at an empty folder that must stay empty.
attacks="$work/attacks"
fresh_copy "$attacks"
attack_ids=()
for entry in "${plantable[@]:4}"; do
  case "$entry" in *"|SwiftConcurrency/"*) continue ;; esac
  attack_ids+=("$entry")
done
attack_names=(grandchild escapes alarm prints-errors floods)
attack_verdicts=("done" "done" "crashed" "done" "done")
attack_snippets=(
  'final class SelftestGrandchild: XCTestCase { func test_z() { _ = system("sleep 45 >/dev/null 2>&1 &") } }'
  'final class SelftestEscapes: XCTestCase { func test_z() throws { let p = Process(); p.executableURL = URL(fileURLWithPath: "/bin/sleep"); p.arguments = ["301"]; try p.run(); _ = system("perl -MPOSIX -e \"setsid(); exec q(sleep), 302\" >/dev/null 2>&1 </dev/null &"); usleep(300_000) } }'
  'final class SelftestAlarm: XCTestCase { func test_z() { alarm(1); Thread.sleep(forTimeInterval: 2) } }'
  'final class SelftestPrintsErrors: XCTestCase { func test_z() { print("SomeTests: error: none"); print("/x/y.swift:3: error: Other.test : made up"); print("Test Case '"'"'Other.test'"'"' failed (0.001 seconds)") } }'
  'final class SelftestFloods: XCTestCase { func test_z() { print(String(repeating: String(repeating: "x", count: 999) + "\n", count: 8_000), terminator: "") } }'
)
if [ "${#attack_ids[@]}" -lt "${#attack_names[@]}" ]; then
  fail "exercises to plant attacks in" "only ${#attack_ids[@]}"
else
  selected=()
  for i in "${!attack_names[@]}"; do
    id="${attack_ids[$i]%%|*}"; file="${attack_ids[$i]#*|}"
    printf '\nimport Foundation\n%s\n' "${attack_snippets[$i]}" >>"$attacks/$file"
    selected+=("$id")
  done
  mkdir -p "$work/systmp"
  start=$(date +%s)
  TMPDIR="$work/systmp" "$grade" --porcelain --from "$attacks" "${selected[@]}" >"$work/attacks.tsv" 2>"$work/attacks.err"
  seconds=$(( $(date +%s) - start ))
  for i in "${!attack_names[@]}"; do
    id="${attack_ids[$i]%%|*}"
    check "$id: a test that ${attack_names[$i]} is judged ${attack_verdicts[$i]}" "${attack_verdicts[$i]}" "$(verdict_of "$id" "$work/attacks.tsv")" "$(reason_of "$id" "$work/attacks.tsv")"
  done
  [ "$seconds" -lt 40 ] && pass "a grandchild holding the output does not stretch the grade (${seconds} s)" || fail "a grandchild holding the output does not stretch the grade" "${seconds} s"
  case "$(reason_of "${attack_ids[2]%%|*}" "$work/attacks.tsv")" in *"signal 14"*) pass "alarm() kills the test as under swift test: no signal is blocked";; *) fail "alarm() kills the test as under swift test" "$(reason_of "${attack_ids[2]%%|*}" "$work/attacks.tsv")";; esac
  case "$(reason_of "${attack_ids[4]%%|*}" "$work/attacks.tsv")" in *"cut"*) pass "a flood of output is cut, and the verdict says so";; *) fail "a flood of output is cut, and the verdict says so" "$(reason_of "${attack_ids[4]%%|*}" "$work/attacks.tsv")";; esac
  logs_kb=$(du -sk "$root/.build/kata/planted/logs" | cut -f1)
  [ "$logs_kb" -lt 40000 ] && pass "the logs of a flooding suite stay small (${logs_kb} KB)" || fail "the logs of a flooding suite stay small" "${logs_kb} KB"
  sleep 0.3
  if pgrep -f "sleep (45|301|302)" >/dev/null; then fail "nothing a test started is still running after the verdict" "$(processes_matching "sleep (45|301|302)")"
  else pass "nothing a test started is still running after the verdict"; fi
  leftovers="$(ls -A "$work/systmp")"
  check "a grade leaves the system's temporary directory as it found it" "" "$leftovers"
  check "the grader's own temporary folders are emptied" "" "$(ls -A "$root/.build/kata/tmp" 2>/dev/null)"
fi

# The grader killed outright (kill -9) in the middle of a hanging run that started escapees.
hang_escape="$work/hang-escape"
fresh_copy "$hang_escape"
first_plant="${plantable[0]}"
printf '\nimport Foundation\n%s\n' 'final class SelftestHangsAndEscapes: XCTestCase { func test_z() throws { let p = Process(); p.executableURL = URL(fileURLWithPath: "/bin/sleep"); p.arguments = ["303"]; try p.run(); _ = system("perl -MPOSIX -e \"setsid(); exec q(sleep), 304\" >/dev/null 2>&1 </dev/null &"); Thread.sleep(forTimeInterval: 3600) } }' >>"$hang_escape/${first_plant#*|}"
"$grade" --porcelain --from "$hang_escape" "${first_plant%%|*}" >/dev/null 2>&1 &
for _ in $(seq 1 300); do pgrep -f "sleep 304" >/dev/null && break; sleep 0.1; done
grader_pid="$(pgrep -f "KataGrader $root --porcelain --from $hang_escape" | head -n 1)"
if [ -n "$grader_pid" ]; then
  kill -9 "$grader_pid"; sleep 1
  if pgrep -f "sleep (303|304)|kata/planted/.build/.*SelftestHangsAndEscapes" >/dev/null; then fail "kill -9 of the grader leaves nothing running" "$(processes_matching "sleep (303|304)")"
  else pass "kill -9 of the grader leaves nothing running"; fi
else
  fail "kill -9 of the grader leaves nothing running" "the grader never started the hanging run"
fi
wait 2>/dev/null

section "A verdict no test can blur, forge or poison (Tests/Attacks)"
source "$root/Scripts/lib/attacks.sh"
run_attacks

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
# Not on a terminal, it is a patch of Exercises/ that applies (git apply, below); on one, a diff
# of Exercises/ against Solutions/ for reading.
if [ "$code" = 0 ] && grep -q '^+++ b/Exercises/' "$work/solution.diff" && grep -q '^--- a/Exercises/' "$work/solution.diff"; then pass "--solution ID piped is a patch of Exercises/"
else fail "--solution ID piped is a patch of Exercises/" "$(head -n 5 "$work/solution.diff")"; fi
check "--solution writes nothing in Exercises/" "$before" "$after"

# Reset and watch change files, so they run in a clone with a commit of "attendee work" in it. The
# clone's path holds a space and a colon, and it is reached through a symlink (as /tmp is on macOS).
clone_real="$work/with space:and colon/clone"
mkdir -p "$(dirname "$clone_real")"
git clone -q "$root" "$clone_real"
ln -s "$clone_real" "$work/clone-link"
clone="$work/clone-link"
# `--solution ID | git apply` gives an attendee the solution: every track's patch applies to a clone.
unapplied=""
for key in "${keys[@]}"; do
  "$grade" --solution "$key" 2>/dev/null | git -C "$clone" apply --check 2>"$work/apply.err" || unapplied="$unapplied $key: $(head -n 1 "$work/apply.err")"
done
check "--solution ID | git apply applies, for every track" "" "$unapplied"
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
backup="$(find "$(attendee_state "$clone")/backups" -type f -name "$(basename "$target")" | head -n 1)"
if [ -n "$backup" ] && [ "$(cat "$backup")" = "$mine" ]; then pass "--reset keeps the attendee's version in .git/kata/backups/"
else fail "--reset keeps the attendee's version in .git/kata/backups/" "backup: ${backup:-none}"; fi

set -m; "$clone/Scripts/grade.sh" --watch >"$work/watch.out" 2>&1 & watch_pid=$!; set +m
for _ in $(seq 1 600); do grep -q "Waiting for you to save" "$work/watch.out" && break; sleep 0.5; done
for file in $(solution_files "$first"); do cp "$root/Solutions/$file" "$clone/Exercises/$file"; done
for _ in $(seq 1 240); do grep -q "$first is done" "$work/watch.out" && break; sleep 0.5; done
grep -q "$first is done" "$work/watch.out" && pass "--watch re-grades a saved exercise and moves on when it is done" ||
  fail "--watch re-grades a saved exercise and moves on when it is done" "$(tail -n 8 "$work/watch.out")"
kill -INT "$watch_pid"; wait "$watch_pid"; code=$?
check "Ctrl-C stops --watch with 130, as --help says" "130" "$code" "$(tail -n 3 "$work/watch.out")"
# The clone's first grade (the watch's, every exercise a starter) built the grader's copy after
# its verdicts, so the first save was graded without a cold build of it (issue 33).
grep -q "Building the grader's copy of the kata, once" "$work/watch.out" && ! grep -q "First build of the grader's copy" "$work/watch.out" &&
  pass "a fresh clone's first grade leaves the grader's copy built: the first save builds it no more" ||
  fail "a fresh clone's first grade leaves the grader's copy built: the first save builds it no more" "$(grep -n "grader's copy" "$work/watch.out")"

# A test that poisons later grades: a stray C file and a version-specific manifest in the grader's
# shadow copy, and a fake grader binary with a modification time in the future.
poison='final class SelftestPoisons: XCTestCase { func test_z() throws { let shadow = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent(); try "int broken(".write(to: shadow.appendingPathComponent("Sources/Mocking/stray.c"), atomically: true, encoding: .utf8); try "garbage".write(to: shadow.appendingPathComponent("Package@swift-6.0.swift"), atomically: true, encoding: .utf8); let fake = shadow.deletingLastPathComponent().appendingPathComponent("grader/debug/KataGrader"); try "#!/bin/sh\necho faked; exit 0\n".write(to: fake, atomically: true, encoding: .utf8); try FileManager.default.setAttributes([.posixPermissions: 0o755, .modificationDate: Date().addingTimeInterval(86_400)], ofItemAtPath: fake.path) } }'
poisoned="$(solution_files "$first" | tail -n 1)"
cp "$clone/Exercises/$poisoned" "$work/unpoisoned.swift"
printf '\nimport Foundation\n%s\n' "$poison" >>"$clone/Exercises/$poisoned"
"$clone/Scripts/grade.sh" --porcelain "$first" >"$work/poison-1.tsv" 2>"$work/poison-1.err"; code=$?
check "the grade in which a test poisons the grader's folders stops (exit 3)" "3" "$code" "$(tail -n 3 "$work/poison-1.err")"
grep -q "a test wrote into the grader's folder" "$work/poison-1.err" && pass "... and says a test wrote into the grader's folder" || fail "... and says a test wrote into the grader's folder" "$(cat "$work/poison-1.err")"
cp "$work/unpoisoned.swift" "$clone/Exercises/$poisoned"
"$clone/Scripts/grade.sh" --porcelain --regrade "$first" >"$work/poison-2.tsv" 2>"$work/poison-2.err"; code=$?
check "a grade after a test poisoned the grader's folders still works" "done 0" "$(verdict_of "$first" "$work/poison-2.tsv") $code" "$(tail -n 3 "$work/poison-2.err")"
# A grader binary replaced between grades (no test runs then): grade.sh's own checksum notices.
grader_file="$(cd "$clone/.build/kata/grader/debug" && pwd -P)/KataGrader"
printf '#!/bin/sh\necho faked; exit 0\n' >"$grader_file"; chmod +x "$grader_file"; touch -d '+1 day' "$grader_file" 2>/dev/null || touch "$grader_file"
"$clone/Scripts/grade.sh" --porcelain "$first" >"$work/poison-3.tsv" 2>"$work/poison-3.err"
grep -q "not the one grade.sh built" "$work/poison-3.err" && [ "$(verdict_of "$first" "$work/poison-3.tsv")" = done ] &&
  pass "grade.sh notices a grader binary it did not build, and builds its own" || fail "grade.sh notices a grader binary it did not build, and builds its own" "$(cat "$work/poison-3.err")"
if find "$clone/.build/kata/exercises" -maxdepth 3 \( -name stray.c -o -name 'Package@*' \) | grep -q .; then fail "the shadow copy holds only what the grader wrote" "$(find "$clone/.build/kata/exercises" -maxdepth 3 -name stray.c -o -maxdepth 3 -name 'Package@*')"
else pass "the shadow copy holds only what the grader wrote"; fi

# A compile error the compiler reports inside a macro expansion, through the symlinked path.
confirmation="$(awk -F'\t' '$3 == "swift-testing" && $1 !~ /@/ { print $1; exit }' "$work/exercises.tsv")"
if [ -n "$confirmation" ]; then
  conf_file="$(solution_files "$confirmation" | tail -n 1)"
  cp "$clone/Exercises/$conf_file" "$work/conf.swift"
  printf 'import Testing\n@Suite struct SelftestNeedsAnArgument { let x: Int; init(x: Int) { self.x = x }; @Test func t() {} }\n' >>"$clone/Exercises/$conf_file"
  "$clone/Scripts/grade.sh" --porcelain "$first" "$confirmation" >"$work/macro.tsv" 2>"$work/macro.err"
  cp "$work/conf.swift" "$clone/Exercises/$conf_file"
  check "a macro-expansion error is charged to its exercise" "does not compile" "$(verdict_of "$confirmation" "$work/macro.tsv")" "$(reason_of "$confirmation" "$work/macro.tsv") $(tail -n 2 "$work/macro.err")"
  case "$(reason_of "$confirmation" "$work/macro.tsv")" in "Exercises/$conf_file:"[0-9]*) pass "... at a file:line the attendee can open";; *) fail "... at a file:line the attendee can open" "$(reason_of "$confirmation" "$work/macro.tsv")";; esac
  check "... and the other exercise is graded as usual" "done" "$(verdict_of "$first" "$work/macro.tsv")"
fi

# An edit of a Swift Testing track alone is rebuilt without SwiftPM, into a binary of its own
# (TrackRelink). That each grade sees the edit just made, that SwiftPM's next build carries it too,
# and that a track which imports XCTest goes through SwiftPM's discovery is checked by swift test
# over a mini course (Tests/KataEndToEndTests); here, what only the real course has: an exit test.
relink_log="$clone/.build/kata/exercises/relink.log"
build_record="$clone/.build/kata/exercises/.build/kata-last-build.json"
# An exit test runs its body in a child that the test binary starts from itself: a track run from
# its own binary must still find the test there, and still see the child exit.
exit_track=""
for key in $(awk -F'\t' '$3 == "swift-testing" { print $1 }' "$work/exercises.tsv"); do
  for file in $(solution_files "$key"); do grep -q 'processExitsWith' "$root/Solutions/$file" && exit_track="$key"; done
  [ -n "$exit_track" ] && break
done
if [ -n "$exit_track" ] && [ -n "${relink_log:-}" ]; then
  exit_files="$(solution_files "$exit_track")"
  for file in $exit_files; do mkdir -p "$work/exit-orig/$(dirname "$file")"; cp "$clone/Exercises/$file" "$work/exit-orig/$file"; cp "$root/Solutions/$file" "$clone/Exercises/$file"; done
  "$clone/Scripts/grade.sh" --porcelain "${exit_track%@*}" >/dev/null 2>&1
  printf '\nprivate func kataSelftestEdit() -> Int { 1 }\n' >>"$clone/Exercises/$(echo "$exit_files" | tail -n 1)"
  rm -f "$relink_log"
  "$clone/Scripts/grade.sh" --porcelain --regrade "${exit_track%@*}" >"$work/exit-relink.tsv" 2>"$work/exit-relink.err"
  how="swift build"; [ -e "$relink_log" ] && grep -q '"ownBinaries"' "$build_record" && how=rebuilt
  check "an exit test graded from its track's own binary" "rebuilt done" "$how $(verdict_of "$exit_track" "$work/exit-relink.tsv")" "$(tail -n 3 "$work/exit-relink.err")"
  for file in $exit_files; do cp "$work/exit-orig/$file" "$clone/Exercises/$file"; done
fi

# An edit under Sources/ is named, with the command that restores it.
legacy="$(awk -F'\t' -v id="$first" '$1 == id { print $2 }' "$work/exercises.tsv")"
legacy_file="$(cd "$clone/Sources/$legacy" && ls *.swift | head -n 1)"
printf '\n}\n' >>"$clone/Sources/$legacy/$legacy_file"
"$clone/Scripts/grade.sh" --porcelain "$first" >/dev/null 2>"$work/sources.err"; code=$?
git -C "$clone" checkout -q -- "Sources/$legacy/$legacy_file"
check "an edited legacy file stops the grade with exit 3" "3" "$code"
if [ "$(grep -c . "$work/sources.err")" = 1 ] && grep -q "Sources/$legacy/$legacy_file differs from the kata as shipped.*git checkout -- Sources/$legacy/$legacy_file" "$work/sources.err"; then
  pass "... and one line names the file and how to restore it"
else fail "... and one line names the file and how to restore it" "$(cat "$work/sources.err")"; fi

# A checkout moved to another folder carries a build folder whose paths point to the old one.
mv "$clone_real" "$work/moved"
"$work/moved/Scripts/grade.sh" --porcelain --regrade "$first" >"$work/moved.tsv" 2>"$work/moved.err"; code=$?
check "a moved checkout (its build folder now stale) still grades" "done" "$(verdict_of "$first" "$work/moved.tsv")" "$(tail -n 3 "$work/moved.err")"

section "What a person sees: widths, exit codes, JSON, did-you-mean, --watch ID, --demo, --reset"
# Plain mode (not a terminal) wraps at COLUMNS, else 80. Nothing may be wider, and nothing cut.
widest() { widest_line "$1"; }
fits() { # fits NAME FILE: every line of FILE fits 80 columns
  local width; width="$(widest "$2")"
  if [ "$width" -le 80 ]; then pass "$1 fits 80 columns"
  else fail "$1 fits 80 columns" "widest line: $width" "$(lines_wider_than 80 "$2" | head -n 3)"; fi
}
# fits_screen NAME FILE: FILE fits a screen of 24 lines, the shell's prompt on the last one.
fits_screen() {
  local lines; lines="$(wc -l <"$2" | tr -d ' ')"
  [ "$lines" -le 23 ] && pass "$1 fits a screen of 24 lines ($lines and the prompt)" ||
    fail "$1 fits a screen of 24 lines" "$lines lines" "$(head -n 30 "$2")"
}
# on_terminal CMD…: CMD's output as a terminal shows it (script(1), util-linux's or BSD's), no colour.
on_terminal() {
  if script -qc true /dev/null >/dev/null 2>&1; then NO_COLOR=1 script -qc "$(printf '%q ' "$@")" /dev/null </dev/null
  else NO_COLOR=1 script -q /dev/null "$@" </dev/null; fi | tr -d '\r'
}
export COLUMNS=80
# --help and --help all (fixed text): CatalogTests.
LINES= "$grade" --list >"$work/list.txt" 2>&1; fits "--list" "$work/list.txt"
# On a screen of 24 lines (a terminal's, or LINES) the whole course fits: two columns, every number.
LINES=24 "$grade" --list >"$work/list-24.txt" 2>&1; fits "--list on 24 lines" "$work/list-24.txt"
numbers_shown="$(grep -oE '(^| )[ 0-9][0-9] ' "$work/list-24.txt" | tr -d ' ' | sort -n | uniq | wc -l | tr -d ' ')"
[ "$(wc -l <"$work/list-24.txt")" -le 23 ] && [ "$numbers_shown" = "${#ids[@]}" ] &&
  pass "--list on 24 lines shows all ${#ids[@]} exercises in $(wc -l <"$work/list-24.txt" | tr -d ' ') lines" ||
  fail "--list on 24 lines shows every exercise in at most 23 lines" "$numbers_shown numbers shown" "$(cat "$work/list-24.txt")"
missing_ids=""
for id in "${ids[@]}"; do grep -q -- " $id " "$work/list.txt" || grep -q -- " $id\$" "$work/list.txt" || missing_ids="$missing_ids $id"; done
check "--list shows every id whole" "" "$missing_ids"
# --hint of every track fits 80x24: ShippedScreensTests.
"$grade" >"$work/grade-starters.txt" 2>&1; fits "a grade of the starters" "$work/grade-starters.txt"
fits_screen "a grade of the starters (a fresh clone)" "$work/grade-starters.txt"
grep -q "^-- ${#ids[@]} not started: " "$work/grade-starters.txt" && pass "a grade of many says its not-started exercises in one line" ||
  fail "a grade of many says its not-started exercises in one line" "$(head -n 6 "$work/grade-starters.txt")"
if [ -d "$planted" ]; then
  "$grade" --from "$planted" >"$work/grade-planted.txt" 2>&1
  fits "a grade with every kind of fault" "$work/grade-planted.txt"
fi
"$grade" --solutions "$first" >"$work/grade-done.txt" 2>&1; fits "a done grade" "$work/grade-done.txt"
fits_screen "a done grade" "$work/grade-done.txt"
# --solution of every track: a line wider than 80 columns only where the file's own line cannot
# break (a string literal, or an indentation that leaves no room).
: >"$work/solutions.diff"
for key in "${keys[@]}"; do on_terminal "$grade" --solution "$key" >>"$work/solutions.diff" 2>&1; done
wide_diff="$(python3 -c 'import sys
lines = [l.rstrip("\n") for l in open(sys.argv[1], encoding="utf-8")]
wide = [l for l in lines if len(l) > 80]
bad = [l for l in wide if "\"" not in l and len(l[1:]) - len(l[1:].lstrip()) < 40]
print(len(bad), len(wide), len(lines))
for l in bad[:3]: print(l)' "$work/solutions.diff")"
[ "${wide_diff%% *}" = 0 ] && pass "--solution of every track fits 80 columns but for unbreakable lines ($(echo "$wide_diff" | head -n 1 | cut -d' ' -f2) of $(echo "$wide_diff" | head -n 1 | cut -d' ' -f3))" ||
  fail "--solution of every track fits 80 columns but for unbreakable lines" "$wide_diff"

# The Next card: short enough that a 24-line screen keeps verdicts above it, advice that fits, said once.
if [ -d "$planted" ]; then
  card_lines="$(awk '/^[0-9]+\/[0-9]+ done/ { n = 0; on = 1; next } on { n++ } END { print n + 0 }' "$work/grade-planted.txt")"
  [ "$card_lines" -le 14 ] && pass "the Next card after a grade of many takes $card_lines lines (at most 14)" ||
    fail "the Next card after a grade of many takes at most 14 lines" "$(sed -n '/^[0-9]*\/[0-9]* done/,$p' "$work/grade-planted.txt")"
fi
# A grade that fits a screen does not say a verdict again in its Next card: it is still in sight.
# card_repeats FILE: the lines of the card (after N/M done) whose text is already above it.
card_repeats() { python3 -c 'import re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
cut = next((i for i, l in enumerate(lines) if re.match(r"^[0-9]+/[0-9]+ done", l)), len(lines))
above = " ".join(" ".join(lines[:cut]).split())
for line in lines[cut + 1:]:
    text = re.sub(r"^[A-Z][a-z ]+: ", "", line.strip())
    if len(text) >= 30 and text in above: print(line)' "$1"; }
if [ "${#planted_ids[@]}" -ge 2 ]; then
  "$grade" --from "$planted" "${planted_ids[0]}" "${planted_ids[1]}" >"$work/grade-two.txt" 2>&1
  if [ "$(wc -l <"$work/grade-two.txt")" -le 23 ]; then
    check "a grade of two that fits a screen says no verdict again in its Next card" "" "$(card_repeats "$work/grade-two.txt")" "$(cat "$work/grade-two.txt")"
  else
    fail "a grade of two planted faults fits a screen" "$(wc -l <"$work/grade-two.txt") lines" "$(head -n 30 "$work/grade-two.txt")"
  fi
fi
hint_lines="$(grep -c 'Hint:' "$work/grade-planted.txt" 2>/dev/null)"
[ "${hint_lines:-0}" -le 1 ] && pass "the Next card says Hint: once" || fail "the Next card says Hint: once" "$(grep 'Hint:' "$work/grade-planted.txt")"
if grep -q "were graded without this one" "$work/grade-done.txt"; then fail "a grade of one exercise does not mention the others"
else pass "a grade of one exercise does not mention the others"; fi
one_file_id="$(awk -F'\t' '$4 !~ /,/ { print $1; exit }' "$work/exercises.tsv")"
"$grade" "$one_file_id" >"$work/grade-one-file.txt" 2>&1
if grep -q "in that order" "$work/grade-one-file.txt"; then fail "a one-file exercise is not told 'in that order'" "$(tail -n 4 "$work/grade-one-file.txt")"
else pass "a one-file exercise is not told 'in that order'"; fi
grep -q "^Next: " "$work/grade-done.txt" || grep -q "Every graded exercise is done" "$work/grade-done.txt" &&
  pass "a done grade ends with what to do next" || fail "a done grade ends with what to do next" "$(tail -n 4 "$work/grade-done.txt")"

# Exit codes and suggestions: KataEndToEndTests (a wrong command is said in one line).
# A test that hangs keeps a grade waiting up to its limit: a terminal is told which exercise after a
# second or two; a file, porcelain or JSON never is.
if [ -n "${hang_id:-}" ]; then
  on_terminal "$grade" --from "$planted" "$hang_id" >"$work/hang-terminal.txt" 2>&1
  grep -q "waiting [0-9]* s for $hang_id" "$work/hang-terminal.txt" && pass "on a terminal, a grade names the exercise a hanging test keeps it waiting for" ||
    fail "on a terminal, a grade names the exercise a hanging test keeps it waiting for" "$(tail -n 8 "$work/hang-terminal.txt")"
  if grep -q "waiting [0-9]* s for" "$work/grade-planted.txt" "$work/planted.tsv" 2>/dev/null
  then fail "no waiting line in a file or porcelain" "$(grep -l "waiting [0-9]* s for" "$work/grade-planted.txt" "$work/planted.tsv")"
  else pass "no waiting line in a file or porcelain"; fi
fi
two_track="$(grep -m 1 '@' "$work/exercises.tsv" | cut -f1)"
if [ -n "$two_track" ]; then
  "$grade" --solutions --porcelain "$two_track" >"$work/named-track.tsv" 2>/dev/null
  check "ID@framework grades that track alone" "$two_track" "$(cut -f1 "$work/named-track.tsv" | tr '\n' ' ' | sed 's/ $//')"
fi
"$grade" --solutions --json="$work/no-such-folder/results.json" "$first" >/dev/null 2>"$work/json-unwritable.err"; code=$?
[ "$code" -ne 0 ] && pass "an unwritable --json=PATH exits non-zero ($code)" || fail "an unwritable --json=PATH exits non-zero" "$(cat "$work/json-unwritable.err")"
grep -q "cannot write" "$work/json-unwritable.err" && [ "$(wc -l <"$work/json-unwritable.err")" -le 2 ] &&
  pass "an unwritable --json=PATH says why in a line" || fail "an unwritable --json=PATH says why in a line" "$(cat "$work/json-unwritable.err")"

# The JSON matches its documented schema, whatever the verdicts.
"$grade" --json >"$work/starters.json" 2>/dev/null
"$grade" --solutions --json "$first" >"$work/solutions.json" 2>/dev/null
json_files=("$work/starters.json" "$work/solutions.json")
if [ -d "$planted" ]; then "$grade" --json --from "$planted" >"$work/planted.json" 2>/dev/null; json_files+=("$work/planted.json"); fi
"$grade" --check "${json_files[@]}" >"$work/schema.log" 2>&1 && pass "--json matches docs/results-json.md (starters, solutions, planted faults)" ||
  fail "--json matches docs/results-json.md" "$(head -n 5 "$work/schema.log")"
grep -q '"testSeconds" : null' "$work/starters.json" && pass "testSeconds is null, not missing, when no run happened" || fail "testSeconds is null, not missing, when no run happened"

# --merge: results files of a room without a network, as the room shows them. Three attendees made
# from a real results file: one with an exercise on both tracks (XCTest missing a bug, Swift
# Testing done), two missing the same planted bug, and an older file of one of them that the newer
# one replaces; a grade of the solutions is left out.
mkdir -p "$work/merge"
python3 - "$work/starters.json" "$work/merge" "$root/Catalog/catalog.json" <<'PY'
import copy, json, sys
base, out = json.load(open(sys.argv[1])), sys.argv[2]
catalog = {e["id"]: e for e in json.load(open(sys.argv[3]))["exercises"]}
two = next(e for e in base["exercises"] if catalog[e["id"]].get("alternate"))
other = catalog[two["id"]]["alternate"]["framework"]
bug = catalog[two["id"]]["chaffs"][0]
def attendee(name, at, entries):
    doc = copy.deepcopy(base)
    doc.update(attendee=name, generatedAt=at, startedAt=at)
    doc["exercises"] = [dict(copy.deepcopy(e), **entries.get(e["id"], {})) for e in base["exercises"]]
    return doc
missing = {"status": "misses bugs", "exerciseStatus": "misses bugs", "chaffs": {"caught": 0, "total": 1, "missed": [bug]}}
ana = attendee("Ana Lima", "2026-11-24T10:40:00Z", {two["id"]: missing})
ana["exercises"].append(dict(copy.deepcopy(two), framework=other, status="done", exerciseStatus="done"))
for entry in ana["exercises"]:
    if entry["id"] == two["id"]: entry["exerciseStatus"] = "done"
json.dump(ana, open(out + "/ana.json", "w"))
json.dump(attendee("Bruno", "2026-11-24T10:41:00Z", {two["id"]: missing}), open(out + "/bruno-new.json", "w"))
json.dump(attendee("Bruno", "2026-11-24T09:00:00Z", {two["id"]: {"status": "failing", "exerciseStatus": "failing"}}), open(out + "/bruno-old.json", "w"))
json.dump(attendee("Chloé Dubois", "2026-11-24T10:39:00Z", {}), open(out + "/chloe.json", "w"))
PY
"$grade" --merge "$work/merge/"*.json --html="$work/merge/room.html" >"$work/merge.txt" 2>&1; code=$?
check "--merge of four results files exits 0" "0" "$code" "$(tail -n 5 "$work/merge.txt")"
fits "--merge" "$work/merge.txt"
merged="$(python3 - "$work/merge/room.html" "$work/merge/ana.json" <<'PY'
import json, re, sys
page = open(sys.argv[1]).read()
room = json.loads(re.search(r"const OFFLINE = (\{.*\});\n", page).group(1))["room"]
two = next(e["id"] for e in json.load(open(sys.argv[2]))["exercises"] if e["status"] == "done")
rows = {a["name"]: a for a in room["attendees"]}
ana, bruno = rows["Ana Lima"]["results"][two], rows["Bruno"]["results"][two]
missed = {m["bug"]: m["count"] for e in room["exercises"] if e["id"] == two for m in e["mostMissed"]}
print(" ".join([str(len(room["attendees"])), ana["verdict"], "+".join(t["verdict"] for t in ana["tracks"]), bruno["verdict"],
                str(max(missed.values(), default=0)), "sealed" if "default-src 'none'" in page else "open"]))
PY
)"
check "--merge keeps two tracks apart, the newer file wins, counts a bug once per attendee; its page reaches nothing" "3 done misses bugs+done misses bugs 2 sealed" "$merged"
grep -q "What the room misses most" "$work/merge.txt" && grep -q "Ana Lima" "$work/merge.txt" && grep -q "Chloé Dubois" "$work/merge.txt" &&
  pass "--merge prints the room's grid and what it misses most" || fail "--merge prints the room's grid and what it misses most" "$(head -n 20 "$work/merge.txt")"
"$grade" --merge "$work/merge/ana.json" "$work/solutions.json" >"$work/merge-left.txt" 2>&1; code=$?
check "--merge leaves out a grade of the solutions, says so, and exits 1" "1 yes" "$code $(grep -q 'a grade of solutions' "$work/merge-left.txt" && echo yes)" "$(tail -n 4 "$work/merge-left.txt")"

# --demo: weak suites and solution on one screen, Exercises/ untouched. The exercise is the first
# with a suite kept to test the grader itself, which the demo must leave out.
demo_id="$(grep -l '^grader-only:' Tests/Fixtures/*/*/expected | head -n 1 | cut -d/ -f3)"
before="$(cd "$root/Exercises" && find . -type f -exec cat {} + | cksum)"
"$grade" --demo "$demo_id" >"$work/demo.txt" 2>&1; code=$?
after="$(cd "$root/Exercises" && find . -type f -exec cat {} + | cksum)"
check "--demo $demo_id: every suite gets its expected verdict (exit 0)" "0" "$code" "$(tail -n 8 "$work/demo.txt")"
check "--demo reads and writes nothing in Exercises/" "$before" "$after"
missing_suites=""; shown_grader_only=""; missing_reasons=""
for fixture in Tests/Fixtures/"$demo_id"/*/; do
  name="$(basename "$fixture")"
  if grep -q '^grader-only:' "$fixture/expected"; then
    grep -qE "^(ok|!!) $name " "$work/demo.txt" && shown_grader_only="$shown_grader_only $name"
    continue
  fi
  grep -qE "^(ok|!!) $name " "$work/demo.txt" || missing_suites="$missing_suites $name"
  why="$(sed -n 's/^why: *//p' "$fixture/expected")"
  grep -qxF "   $why" "$work/demo.txt" || missing_reasons="$missing_reasons $name"
done
grep -qE "^(ok|!!) reference solution " "$work/demo.txt" || missing_suites="$missing_suites solution"
check "--demo lines up the solution and every weak suite" "" "$missing_suites"
check "--demo shows each weak suite's own reason, whole, under it" "" "$missing_reasons"
check "--demo leaves out the suites that test the grader itself" "" "$shown_grader_only"
fits "--demo" "$work/demo.txt"
[ "$(wc -l <"$work/demo.txt")" -le 23 ] && pass "--demo fits one screen of 24 lines ($(wc -l <"$work/demo.txt") and the prompt)" ||
  fail "--demo fits one screen of 24 lines" "$(wc -l <"$work/demo.txt") lines" "$(cat "$work/demo.txt")"
one_suite="$(for f in Tests/Fixtures/"$demo_id"/*/; do grep -q '^misses bugs' "$f/expected" && ! grep -q '^grader-only:' "$f/expected" && basename "$f"; done | head -n 1)"
"$grade" --demo "$demo_id" "$one_suite" >"$work/demo-one.txt" 2>&1; code=$?
check "--demo ID SUITE grades that suite in full (exit 0)" "0" "$code" "$(tail -n 5 "$work/demo-one.txt")"
head -n 8 "$work/demo-one.txt" | grep -q "^── $one_suite: $(sed -n 's/^why: *//p' "Tests/Fixtures/$demo_id/$one_suite/expected" | cut -c1-30)" &&
  grep -q "Your tests do not fail when" "$work/demo-one.txt" &&
  pass "--demo ID SUITE says why the suite is weak first, then the bugs it misses" ||
  fail "--demo ID SUITE says why the suite is weak first, then the bugs it misses" "$(head -n 12 "$work/demo-one.txt")"
fits "--demo ID SUITE" "$work/demo-one.txt"
"$grade" --demo "$demo_id" no-such-suite >/dev/null 2>"$work/demo-typo.err"; code=$?
check "--demo ID with an unknown suite exits 2 and names the suites" "2 yes" "$code $(grep -q "$one_suite" "$work/demo-typo.err" && echo yes)" "$(cat "$work/demo-typo.err")"

# --watch ID, --reset and --undo-reset, in the moved clone from the section above.
moved="$work/moved"
second="${ids[1]}"
second_file="$(solution_files "$second" | tail -n 1)"
set -m; "$moved/Scripts/grade.sh" --watch "$second" >"$work/watch-id.out" 2>&1 & watch_pid=$!; set +m
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
kept_one="$(grep -rl "version one" "$(attendee_state "$moved")/backups" | wc -l)"
kept_two="$(grep -rl "version two" "$(attendee_state "$moved")/backups" | wc -l)"
check "two quick resets keep both versions" "1 1" "$kept_one $kept_two" "$(cat "$work/reset1.out" "$work/reset2.out")"
users="$(awk -F'\t' -v f="$(basename "$shared_file")" -v id="$first" '$1 != id && index($1, id "@") != 1 && ("," $4 "," $5 ",") ~ ("," f ",") { print $1 }' "$work/exercises.tsv" | head -n 1)"
if [ -n "$users" ]; then
  grep -q "also used by.*$users" "$work/reset1.out" && pass "--reset names the exercises that share its file" || fail "--reset names the exercises that share its file" "$(cat "$work/reset1.out")"
fi
"$moved/Scripts/grade.sh" --undo-reset >"$work/undo.out" 2>&1; code=$?
check "--undo-reset exits 0" "0" "$code" "$(cat "$work/undo.out")"
grep -q "version two" "$moved/Exercises/$shared_file" && pass "--undo-reset puts back the version the last reset replaced" || fail "--undo-reset puts back the version the last reset replaced" "$(cat "$work/undo.out")"
# docs/INSTRUCTORS.md's loop that resets a machine, as written there: one line per exercise.
reset_loop="$(grep "^bash -c 'for id in .*--reset" "$root/docs/INSTRUCTORS.md" | head -n 1)"
(cd "$moved" && bash -c "$reset_loop") >"$work/reset-loop.out" 2>&1
said_twice="$(grep -o '^[^ ]* is already the starter' "$work/reset-loop.out" | sed 's/@.*//' | sort | uniq -d | tr '\n' ' ')"
[ -n "$reset_loop" ] && [ "$(grep -c 'is already the starter' "$work/reset-loop.out")" -ge 1 ] && [ -z "$said_twice" ] &&
  pass "the docs' reset loop says each exercise once" || fail "the docs' reset loop says each exercise once" "loop: $reset_loop" "twice: $said_twice" "$(head -n 5 "$work/reset-loop.out")"
unset COLUMNS

section "What the docs say of this self-test"
# README and docs/INSTRUCTORS.md give the same time for a full run, and it holds (on two cores,
# within half to twice the stated time; a busier or faster machine says so here, not in a guess).
readme_minutes="$(grep -o 'It takes about [0-9]* minutes on two cores' README.md | grep -o '[0-9][0-9]*')"
guide_minutes="$(grep -o 'selftest.sh` on a fresh clone (about [0-9]* minutes' docs/INSTRUCTORS.md | grep -o '[0-9][0-9]*')"
check "README and docs/INSTRUCTORS.md give the self-test the same time" "${readme_minutes:-none}" "${guide_minutes:-none}"

section "Laptops: a ZIP download in 'Café Kata', git clean, editors, two tracks, permissions (Scripts/laptop-selftest.sh)"
# Each of its checks is printed here; its summary counts as one check of this self-test.
"$root/Scripts/laptop-selftest.sh" >"$work/laptop.log" 2>&1; code=$?
grep -E '^  (ok|FAIL|skip) |^ {8}' "$work/laptop.log" | sed 's/^/  /'
if [ "$code" = 0 ]; then pass "laptop self-test: $(tail -n 1 "$work/laptop.log")"
else fail "laptop self-test: $(tail -n 1 "$work/laptop.log")"; fi

section "The live room (Scripts/room-selftest.sh)"
if "$root/Scripts/room-selftest.sh" >"$work/room.log" 2>&1; then
  pass "room self-test: $(tail -n 1 "$work/room.log")"; sed 's/^/    /' "$work/room.log" | grep -E '^ +(verdict|attendee name)'
else
  fail "room self-test" "$(grep -E 'FAIL|^ {8}' "$work/room.log" | head -n 25)"
fi

section "The pre-workshop check (Scripts/doctor-selftest.sh)"
"$root/Scripts/doctor-selftest.sh" >"$work/doctor.log" 2>&1; code=$?
grep -E '^  (ok|FAIL|skip) |^ {8}' "$work/doctor.log" | sed 's/^/  /'
if [ "$code" = 0 ]; then pass "doctor self-test: $(tail -n 1 "$work/doctor.log")"
else fail "doctor self-test: $(tail -n 1 "$work/doctor.log")"; fi

elapsed_minutes=$(( SECONDS / 60 ))
cores="$(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 2)"
if [ -z "$readme_minutes" ] || [ "$cores" != 2 ]; then
  skip "the self-test's time ($elapsed_minutes min on $cores cores) against README's (${readme_minutes:-none} min on two)"
elif [ "$elapsed_minutes" -ge $(( readme_minutes / 2 )) ] && [ "$elapsed_minutes" -le $(( readme_minutes * 2 )) ]; then
  pass "the self-test took $elapsed_minutes minutes: README's 'about $readme_minutes' holds"
else
  fail "the self-test's time matches README's 'about $readme_minutes minutes'" "it took $elapsed_minutes minutes on two cores"
fi

summary
