# The self-tests' way of saying what passed: one line per check, and a final "N passed, N failed".
# Sourced by Scripts/selftest.sh and Scripts/room-selftest.sh.
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
section() { printf '\n== %s\n' "$1"; }
# check NAME EXPECTED ACTUAL [context…]
check() {
  if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "expected: $2" "actual:   $3" "${@:4}"; fi
}
# The last line of a self-test; its status is the self-test's.
summary() {
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
