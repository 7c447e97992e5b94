#!/usr/bin/env bash
# Measures what attendees wait for, on this machine, in a fresh clone of this checkout's HEAD:
#   cold   a cold build plus the first full grade (what the first run of grade.sh costs);
#   full   a warm full grade with nothing changed;
#   one    a warm grade of one exercise right after its file was edited, with every chaff,
#          wheat and repeat (the edit–grade loop an attendee lives in).
# The clone has the reference solutions copied into Exercises/, so every exercise runs its whole
# pipeline rather than stopping at "not started": on one track per exercise, as an attendee does
# the course (the catalog's first framework), or on both with --both-tracks.
#
# Usage: Scripts/bench.sh [--runs N] [--cold-runs N] [--exercise ID] [--both-tracks]
#        (defaults: 5, 1, the first exercise, one track)
set -euo pipefail

runs=5
cold_runs=1
exercise=""
both_tracks=0
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --cold-runs) cold_runs="$2"; shift 2 ;;
    --exercise) exercise="$2"; shift 2 ;;
    --both-tracks) both_tracks=1; shift ;;
    *) echo "usage: Scripts/bench.sh [--runs N] [--cold-runs N] [--exercise ID]" >&2; exit 2 ;;
  esac
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/kata-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
fresh_clone() {
  rm -rf "$work/kata"
  git clone -q "$root" "$work/kata"
  cp -R "$work/kata/Solutions/." "$work/kata/Exercises/"
  [ "$both_tracks" = 1 ] && return
  # Put the other track's own files back to their starters: one track per exercise.
  local list="$work/kata/Scripts/grade.sh"
  git -C "$work/kata" ls-files Exercises | grep -E '/(SwiftTesting|XCTest)/' | while read -r f; do git -C "$work/kata" checkout -q -- "$f"; done
}
timed() { local start; start="$(now)"; "$@" >/dev/null 2>&1 || true; awk -v end="$(now)" -v start="$start" 'BEGIN { print end - start }'; }

echo "Machine: $(nproc) cores, $(swift --version 2>/dev/null | head -n1)"
echo "Commit:  $(git -C "$root" rev-parse --short HEAD)"

cold=()
[ "$cold_runs" -ge 1 ] || fresh_clone
for _ in $(seq 1 "$cold_runs"); do
  fresh_clone
  cold+=("$(timed "$work/kata/Scripts/grade.sh")")
done
kata="$work/kata"
grade="$kata/Scripts/grade.sh"
[ -n "$exercise" ] || exercise="$("$grade" --list --porcelain | awk -F'\t' 'NR == 1 { print $1 }')"
module="$("$grade" --list --porcelain | awk -F'\t' -v id="$exercise" '$1 == id { print $2 }')"
file="$("$grade" --list --porcelain | awk -F'\t' -v id="$exercise" '$1 == id { print $4 }')"
file="$kata/Exercises/$module/${file##*,}"

full=()
for _ in $(seq 1 "$runs"); do full+=("$(timed "$grade")"); done

one=()
for i in $(seq 1 "$runs"); do
  printf '\n// bench edit %s\n' "$i" >>"$file"
  one+=("$(timed "$grade" "$exercise")")
done

report() { printf '%-58s median %6.2f s   runs: %s\n' "$1" "$(printf '%s\n' "${@:2}" | median)" "$(printf '%.2f ' "${@:2}")"; }
echo
[ "${#cold[@]}" -gt 0 ] && report "cold build + first full grade (fresh clone)" "${cold[@]}"
report "warm full grade, nothing changed" "${full[@]}"
report "warm grade of $exercise after an edit" "${one[@]}"
