# The plain `swift test` lines the kata prints (`grade.sh --hint` for every track) and the README
# shows: each must run at least one test, and only the tests of its exercise's own type in the
# attendee's target (`<Pattern>Exercises`), never the reference solution's type of the same name
# nor another exercise's starter. Sourced by Scripts/selftest.sh, after `swift build --build-tests`.
#
# Every line is checked against `swift test list` (what each filter selects); one line of each
# shape (an XCTest class, one in an exercise's XCTest/ folder, a Swift Testing suite, one nested in
# another type) is also run as printed, and must run exactly those tests.

# hint_command KEY: the command `grade.sh --hint KEY` prints, its continued lines joined.
hint_command() {
  "$grade" --hint "$1" | sed -n '/Or run just these tests/,$p' | tail -n +2 | sed 's/\\$//' | tr -s ' \n' ' ' | sed 's/^ //; s/ $//'
}

# readme_commands: the `swift test` lines of README's "Plain `swift test`" section, one per line.
readme_commands() {
  awk '/^### Plain `swift test`/ { on = 1 } on && /^```sh/ { block = 1; next } block && /^```/ { exit }
       block { line = line $0; if (line ~ /\\$/) { sub(/\\$/, "", line); next } print line; line = "" }' "$root/README.md" |
    tr -s ' ' | sed 's/^ //'
}

# select_tests LIST LINES: for each "key<TAB>module<TAB>framework<TAB>test-file<TAB>command" line,
# prints "ok|FAIL<TAB>key<TAB>how many tests it selects<TAB>why not". A key without a module (a
# README line) must select the tests of one type in one Exercises target.
select_tests() {
  python3 - "$1" "$2" <<'PY'
import re, sys
tests = [l.strip() for l in open(sys.argv[1]) if re.match(r"^\w+\.\S", l)]
for line in open(sys.argv[2]):
    key, module, framework, test_file, command = line.rstrip("\n").split("\t")
    found = re.search(r"--filter '([^']*)'", command)
    swift_testing = "--disable-xctest" in command
    problems, ran = [], []
    if not found:
        problems.append("no --filter '…' in: " + command)
    elif framework and ("--disable-xctest" if framework == "swift-testing" else "--disable-swift-testing") not in command:
        problems.append("it does not leave the other framework out: " + command)
    else:
        regex = re.compile(found.group(1))
        # Swift Testing's names end in "()" (then a source location); XCTest's never do.
        ran = [t for t in tests if regex.search(t) and ("()" in t) == swift_testing]
        types = {t.split("(")[0].rsplit("/", 1)[0] for t in ran}
        if not ran:
            problems.append("selects no test")
        elif module:
            own = test_file.rsplit("/", 1)[-1].removesuffix(".swift")
            for name in sorted(types):
                if not name.startswith(module + "Exercises.") or re.split(r"[./]", name)[-1] != own:
                    problems.append("also runs " + name)
        elif len(types) != 1 or not re.match(r"^\w+Exercises\.", next(iter(types))):
            problems.append("runs " + ", ".join(sorted(types)))
    print(("ok" if not problems else "FAIL") + "\t" + key + "\t" + str(len(ran)) + "\t" + "; ".join(problems[:3]))
PY
}

# tests_that_ran OUTPUT: how many tests a `swift test` run says it ran, from its last summary line.
tests_that_ran() {
  local xctest swift_testing
  xctest="$(grep -E '^[[:space:]]*Executed [0-9]+ tests?' "$1" | tail -n 1 | grep -oE 'Executed [0-9]+' | grep -oE '[0-9]+')"
  swift_testing="$(grep -oE 'Test run with [0-9]+ tests?' "$1" | tail -n 1 | grep -oE '[0-9]+')"
  echo "${swift_testing:-${xctest:-0}}"
}

check_plain_swift_test_lines() {
  local list="$work/swift-test-list.txt" lines="$work/plain-lines.tsv"
  if ! swift test list --skip-build >"$list" 2>"$work/swift-test-list.err"; then
    fail "swift test list (to check the printed swift test lines)" "$(tail -n 3 "$work/swift-test-list.err")"
    return
  fi
  : >"$lines"
  while IFS=$'\t' read -r key module framework files _ needs; do
    # A track this toolchain cannot run (--list's sixth column) is not built here.
    if [ -n "$needs" ]; then skip "swift test line of $key: this toolchain cannot run it (needs $needs)"; continue; fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$key" "$module" "$framework" "${files##*,}" "$(hint_command "$key")" >>"$lines"
  done <"$work/exercises.tsv"
  local n=0
  while IFS= read -r command; do
    n=$((n + 1)); printf 'README line %d\t\t\t\t%s\n' "$n" "$command" >>"$lines"
  done < <(readme_commands)
  [ "$n" -ge 2 ] && pass "README shows $n plain swift test lines" || fail "README shows its plain swift test lines" "found $n"
  select_tests "$list" "$lines" >"$work/plain-selected.tsv"
  # The check itself must fail on the lines the kata used to print: a nested suite filtered by its
  # own name alone (runs nothing), and a whole target (runs every starter of the pattern).
  printf '%s\n' "old nested	SwiftConcurrency	swift-testing	SwiftTesting/BlabberCountdownSuite.swift	swift test --filter 'SwiftConcurrencyExercises\.BlabberCountdownSuite' --disable-xctest" \
    "old README			x	swift test --filter 'MockingExercises\.' --disable-swift-testing" >"$work/plain-planted.tsv"
  check "the check fails on the old lines (a nested suite by its name alone; a whole target)" "FAIL FAIL" \
    "$(select_tests "$list" "$work/plain-planted.tsv" | cut -f1 | tr '\n' ' ' | sed 's/ $//')"
  while IFS=$'\t' read -r status key count why; do
    [ "$status" = ok ] && pass "swift test line of $key selects its own $count test(s) only" ||
      fail "swift test line of $key selects its own tests only" "$why" "$(awk -F'\t' -v k="$key" '$1 == k { print $5 }' "$lines")"
  done <"$work/plain-selected.tsv"
  # Run one line of each shape as printed: what it runs must be what it selects.
  local shapes=() key command expected ran
  shapes+=("$(awk -F'\t' '$3 == "xctest" && $4 !~ /\// { print $1; exit }' "$lines")")
  shapes+=("$(awk -F'\t' '$3 == "xctest" && $4 ~ /^XCTest\// { print $1; exit }' "$lines")")
  shapes+=("$(awk -F'\t' '$3 == "swift-testing" && $5 !~ /\\.[A-Za-z]+\/[A-Za-z]+\// { print $1; exit }' "$lines")")
  shapes+=("$(awk -F'\t' '$3 == "swift-testing" && $5 ~ /\\.[A-Za-z]+\/[A-Za-z]+\// { print $1; exit }' "$lines")")
  for key in "${shapes[@]}"; do
    [ -n "$key" ] || continue
    command="$(awk -F'\t' -v k="$key" '$1 == k { print $5 }' "$lines")"
    expected="$(awk -F'\t' -v k="$key" '$2 == k { print $3 }' "$work/plain-selected.tsv")"
    (eval "$command") >"$work/plain-run.txt" 2>&1
    ran="$(tests_that_ran "$work/plain-run.txt")"
    if [ "$ran" -ge 1 ] && [ "$ran" = "$expected" ]; then pass "run as printed, $key's line runs its $ran test(s): $command"
    else fail "run as printed, $key's line runs its own tests" "$command" "ran $ran, selects ${expected:-?}" "$(tail -n 3 "$work/plain-run.txt")"; fi
  done
}
