#!/usr/bin/env bash
# Maintainers: grades the reference solutions and every weak-suite fixture N times, optionally with
# both cores busy, and reports every verdict that changed between runs or differs from what it
# should be. Run it after adding an exercise, a chaff or a fixture: a verdict that depends on a
# race shows up here long before it blocks a landing.
#
#   Scripts/repeat-grades.sh [--runs N] [--load] [--only-expected VERDICT] [ID…]
#
# --only-expected done grades only the fixtures expected done (with the solutions): the false
# alarms of issue 35, the correct suites that a perturbation must never reject.
#
# Each grade of the solutions runs every chaff and wheat once (and the real module 3 times), so N
# grades prove each chaff caught N times in N. Each round of fixtures is built once and graded N
# times in a row, so repeats cost only test runs. It ends with "N passed, N failed": a check
# passes when its verdict was the expected one in every run. The grader's logs of every run whose
# verdict was not the expected one are kept in .build/kata/repeat-logs/<date>/ (each run's log is
# there, and runs.tsv says which run was which).
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
grade="$root/Scripts/grade.sh"
runs=5
load=0
only_expected=""
ids=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
    --load) load=1; shift ;;
    --only-expected) only_expected="${2:?--only-expected needs a verdict, such as done}"; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "repeat-grades.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) ids+=("$1"); shift ;;
  esac
done
case "$runs" in ''|*[!0-9]*|0) echo "repeat-grades.sh: --runs needs a whole number of at least 1" >&2; exit 2 ;; esac

source "$root/Scripts/lib/fixture-rounds.sh"
rounds_workspace repeat
kept_logs="$root/.build/kata/repeat-logs/$(date +%Y%m%d-%H%M%S)"
# The fixtures to grade: the exercises', or with --only-expected those expected to get that verdict.
fixtures=(${ids[@]+"${ids[@]}"})
expected_as_asked() { [ "$(head -n1 "$1/expected" 2>/dev/null)" = "$only_expected" ]; }
[ -z "$only_expected" ] || fixtures_where expected_as_asked ${ids[@]+"${ids[@]}"}

[ "$load" = 0 ] || busy_cores
for run in $(seq 1 "$runs"); do
  printf 'solutions: grade %d of %d…\n' "$run" "$runs" >&2
  "$grade" --solutions --porcelain --regrade ${ids[@]+"${ids[@]}"} 2>/dev/null |
    awk -F'\t' '{ printf "%s\tsolution\tdone\t%s\t%s\t\n", $1, $2, $3 }' >"$work/solutions.tsv"
  while IFS=$'\t' read -r key _ _ verdict _; do
    [ "$verdict" = done ] || keep_logs solutions "${key%@*}" "$key-solution"
  done <"$work/solutions.tsv"
  cat "$work/solutions.tsv" >>"$work/all.tsv"
done
# Each round of fixtures is built once and graded $runs times.
if [ -z "$only_expected" ] || [ "${#fixtures[@]}" -gt 0 ]; then
  grade_fixture_rounds "$work/fixtures.tsv" "$runs" ${fixtures[@]+"${fixtures[@]}"}
  cat "$work/fixtures.tsv" >>"$work/all.tsv"
fi

# One line per suite: how often each verdict came, and whether it was always the expected one.
awk -F'\t' -v runs="$runs" -v summary="$work/summary" '
  { key = $1 " " $2; expected[key] = $3; seen[key, $4]++
    if (index(verdicts[key], "|" $4 "|") == 0) verdicts[key] = verdicts[key] "|" $4 "|"
    if ($4 != $3 && !(key in reason)) reason[key] = $5 }
  END {
    passed = 0; failed = 0
    for (key in expected) {
      count = seen[key, expected[key]] + 0
      if (count == runs) { passed++; printf "  ok    %s: %s in %d of %d runs\n", key, expected[key], count, runs; continue }
      failed++
      line = sprintf("  FAIL  %s: expected %s every run; got", key, expected[key])
      m = split(verdicts[key], list, "|")
      for (i = 1; i <= m; i++) if (list[i] != "") line = line sprintf(" %s ×%d", list[i], seen[key, list[i]])
      printf "%s (first: %s)\n", line, reason[key]
    }
    printf "\n%d passed, %d failed\n", passed, failed > summary
  }' "$work/all.tsv" | sort -s -k2,2
cat "$work/summary"
[ -d "$kept_logs" ] && echo "The grader's logs of the runs that got another verdict: ${kept_logs#"$root/"}"
grep -q ' 0 failed$' "$work/summary"
