#!/usr/bin/env bash
# Maintainers: measures what seeded perturbation alone finds (issue 35), on this checkout.
#   recall  every weak suite that depends on timing (its expected verdict is "rejects correct
#           code" or "flaky", and its expected file names a point, `perturbed:`, or a wheat that
#           differs in timing, `rejected-by:`) graded N times with the written wheats left out
#           (--generated-wheats-only): it must get its expected verdict every time;
#   replay  the seed each of those rejections printed, graded R times (--seed): the same verdict,
#           and the same words, every time.
# No false alarms is Scripts/repeat-grades.sh --runs 20 --load (the solutions and every fixture
# expected done, perturbed at every grade); the cost is Scripts/bench.sh --against REV.
#
#   Scripts/perturbation-goals.sh [--runs N] [--replays R] [--load] [ID…]   (defaults: 20, 10)
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
grade="$root/Scripts/grade.sh"
runs=20
replays=10
load=0
ids=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
    --replays) replays="${2:?--replays needs a number}"; shift 2 ;;
    --load) load=1; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "perturbation-goals.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) ids+=("$1"); shift ;;
  esac
done
for n in "$runs" "$replays"; do
  case "$n" in ''|*[!0-9]*|0) echo "perturbation-goals.sh: --runs and --replays need a whole number of at least 1" >&2; exit 2 ;; esac
done

source "$root/Scripts/lib/fixture-rounds.sh"
rounds_workspace perturb

# timing_fixture FOLDER: a fixture that depends on timing: expected to be rejected or flaky, by a
# point (`perturbed:`) or a wheat that differs in timing.
timing_fixture() {
  local expected="$1/expected" verdict wheat module
  verdict="$(head -n1 "$expected" 2>/dev/null)"
  case "$verdict" in "rejects correct code"|flaky) ;; *) return 1 ;; esac
  grep -q '^perturbed:' "$expected" && return 0
  wheat="$(sed -n 's/^rejected-by: *//p' "$expected")"
  [ -n "$wheat" ] || return 1
  module="$(awk -F'\t' -v id="$(basename "$(dirname "$1")")" '$1 == id { print $2 }' "$work/exercises.tsv")"
  grep -q '^differs: *timing' "$root/Catalog/Variants/$module/$wheat.wheat" 2>/dev/null
}

fixtures_where timing_fixture ${ids[@]+"${ids[@]}"}
[ "${#fixtures[@]}" -gt 0 ] || { echo "perturbation-goals.sh: no fixture that depends on timing in ${ids[*]:-the course}" >&2; exit 2; }

[ "$load" = 0 ] || busy_cores
grade_options=(--generated-wheats-only)
grade_fixture_rounds "$work/fixtures.tsv" "$runs" "${fixtures[@]}"

# Replay: the first seed each fixture's rejections printed, graded $replays times with --seed.
: >"$work/replayed.tsv"
awk -F'\t' '!seen[$1 FS $2]++ && match($5, /--seed [0-9]+/) { print $1 "\t" $2 "\t" substr($5, RSTART + 7, RLENGTH - 7) "\t" $4 "\t" $5 }' \
  "$work/fixtures.tsv" | while IFS=$'\t' read -r key name seed verdict words; do
  words="$(printf '%s\n' "$words" | sed 's/ *[.] .*//')"
  "$grade" --fixtures --generated-wheats-only --seed "$seed" --times "$replays" "${key%@*}/$name" 2>/dev/null >"$work/replay.tsv"
  same="$(awk -F'\t' -v v="$verdict" -v w="$words" '$4 == v && index($5, w) == 1 { n++ } END { print n + 0 }' "$work/replay.tsv")"
  printf '%s\t%s\t%s\t%s\t%d\n' "$key" "$name" "$seed" "$verdict" "$same" >>"$work/replayed.tsv"
done

echo "Recall: each timing-dependent weak suite graded $runs times with only generated wheats"
awk -F'\t' -v runs="$runs" '
  { key = $1 " " $2; expected[key] = $3; n[key]++; if ($4 == $3) hit[key]++; else if (!(key in other)) other[key] = $4 ": " $5 }
  END {
    for (key in expected) {
      ok = hit[key] + 0 == runs
      printf "  %s  %s: %s in %d of %d grades%s\n", ok ? "ok  " : "FAIL", key, expected[key], hit[key] + 0, runs, ok ? "" : " (else " other[key] ")"
      total++; if (ok) good++
    }
    printf "recall: %d of %d suites every time\n", good, total
  }' "$work/fixtures.tsv" | sort -s -k2,2
echo "Replay: each seed a rejection printed, graded $replays times with --seed"
awk -F'\t' -v replays="$replays" '
  { ok = $5 == replays; printf "  %s  %s %s: --seed %s gave %s %d of %d times\n", ok ? "ok  " : "FAIL", $1, $2, $3, $4, $5, replays
    total++; if (ok) good++ }
  END { printf "replay: %d of %d seeds every time\n", good + 0, total + 0 }' "$work/replayed.tsv"
! grep -q FAIL <(awk -F'\t' -v runs="$runs" '$4 != $3 { print "FAIL" }' "$work/fixtures.tsv"; awk -F'\t' -v r="$replays" '$5 != r { print "FAIL" }' "$work/replayed.tsv")
