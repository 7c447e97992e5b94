#!/usr/bin/env bash
# Measures what attendees wait for, on this machine, in a fresh clone of this checkout's HEAD:
#   cold   a cold build plus the first full grade (what the first run of grade.sh costs);
#   full   a warm full grade with nothing changed since the last grade (every done track judged
#          again from its kept runs: "unchanged since");
#   one    a warm grade of one exercise right after an edit of a function body in its file, with
#          every chaff, wheat and repeat (the edit–grade loop an attendee lives in);
#   after  a warm full grade right after such an edit: that exercise graded anew, the rest kept.
#   plain  the plain `swift test --filter` of the same test type (as `grade.sh --hint` prints it),
#          right after the same kind of edit, in the same rounds: what an attendee would run
#          instead of a grade; the report ends with one ÷ plain (issue 34);
#   first  with --first-runs N: what a new attendee waits for, in a fresh clone of the starters:
#          its first grade.sh (the grader's build and the first full grade, all "not started"),
#          then the first grade of the exercise after an edit (its solution copied in), and the
#          two together, the time from a fresh clone to the first verdict of an edited exercise;
#          and how many of those first edit–grades built the grader's copy cold. With --against
#          REV, a fresh clone of REV is measured alike in each round, the two in turn.
#   base   with --against REV: the same edit–grade in a clone of REV prepared alike, measured in
#          the same rounds, one right after the other, so that both see the same machine (a lone
#          bench.sh run of each, minutes apart, differed by more than the change measured).
# The three warm ones are measured in turn, round after round, so that a busy machine weighs on
# each alike; the report ends with full ÷ one, whose goal is at most 1.5 (issue 25), and names the
# tracks a full grade of the unchanged course still ran, with their verdicts.
# The clone has the reference solutions copied into Exercises/, so every exercise runs its whole
# pipeline rather than stopping at "not started": on one track per exercise, as an attendee does
# the course (the catalog's first framework, or the one --framework names), or on both with
# --both-tracks.
#
# Usage: Scripts/bench.sh [--runs N] [--cold-runs N] [--first-runs N] [--exercise ID]
#                         [--framework xctest|swift-testing | --both-tracks] [--against REV]
#        (defaults: 5, 1, 0, the first exercise, one track, no comparison; --runs 0 measures
#        only the cold and first runs)
set -euo pipefail
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib/portable.sh"

runs=5
cold_runs=1
first_runs=0
exercise=""
framework=""
both_tracks=0
against=""
usage="usage: Scripts/bench.sh [--runs N] [--cold-runs N] [--first-runs N] [--exercise ID] [--framework xctest|swift-testing | --both-tracks] [--against REV]"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --cold-runs) cold_runs="$2"; shift 2 ;;
    --first-runs) first_runs="$2"; shift 2 ;;
    --exercise) exercise="$2"; shift 2 ;;
    --framework) framework="$2"; shift 2 ;;
    --both-tracks) both_tracks=1; shift ;;
    --against) against="$2"; shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
case "$framework" in ""|xctest|swift-testing) ;; *) echo "$usage" >&2; exit 2 ;; esac
if [ -n "$against" ] && ! git -C "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" rev-parse -q --verify "$against^{commit}" >/dev/null; then
  echo "bench.sh: $against is no commit of this checkout (try a hash from git log)." >&2; exit 2
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/kata-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# The catalog's tracks (key, module, framework, files), read through this checkout's grader so
# that the clone's first grade stays cold.
"$root/Scripts/grade.sh" --list --porcelain >"$work/tracks.tsv"

now() { seconds_now; }
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# The files of the tracks not taken: of each exercise with two tracks, the one in $framework (or
# the catalog's first) is taken, and the other's own files (those it does not share) are listed.
untaken_files() {
  awk -F'\t' -v fw="$framework" '
    { split($1, k, "@"); id = k[1]; n[id]++; key[id, n[id]] = $1; module[id] = $2; frame[id, n[id]] = $3; files[id, n[id]] = $4
      if (n[id] == 1) order[++ids] = id }
    END {
      for (e = 1; e <= ids; e++) {
        id = order[e]; if (n[id] < 2) continue
        taken = 1
        for (i = 1; i <= n[id]; i++) if (frame[id, i] == fw) taken = i
        for (i = 1; i <= n[id]; i++) {
          if (i == taken) continue
          m = split(files[id, i], f, ",")
          for (j = 1; j <= m; j++) if (index("," files[id, taken] ",", "," f[j] ",") == 0) print "Exercises/" module[id] "/" f[j]
        }
      }
    }' "$work/tracks.tsv"
}
# fresh_clone [FOLDER [REV]]: a clone (of HEAD, or REV) with the course done in one framework.
fresh_clone() {
  local folder="${1:-$work/kata}"
  rm -rf "$folder"
  git clone -q "$root" "$folder"
  [ -z "${2:-}" ] || git -C "$folder" checkout -q "$2"
  cp -R "$folder/Solutions/." "$folder/Exercises/"
  [ "$both_tracks" = 1 ] && return
  # Put the other track's own files back to their starters: one track per exercise (a file the
  # older REV does not have is left alone).
  untaken_files | while read -r f; do git -C "$folder" checkout -q -- "$f" 2>/dev/null || true; done
}
timed() { local start; start="$(now)"; "$@" >"$work/last.out" 2>&1 || true; awk -v end="$(now)" -v start="$start" 'BEGIN { print end - start }'; }

echo "Machine: $(cores) cores, $(swift --version 2>/dev/null | head -n1)"
echo "Commit:  $(git -C "$root" rev-parse --short HEAD)"
load() { awk '{ print $1, $2, $3 }' /proc/loadavg 2>/dev/null || uptime | sed 's/.*averages*: //'; }
echo "Load:    $(load) (1, 5, 15 min) at the start"

[ -n "$exercise" ] || exercise="$(awk -F'\t' 'NR == 1 { print $1 }' "$work/tracks.tsv")"
# The track edited: the exercise's track in $framework if it has one.
track="$(awk -F'\t' -v id="$exercise" -v fw="$framework" '$1 == id || index($1, id "@") == 1 { if (!found || $3 == fw) { found = 1; key = $1 } } END { print key }' "$work/tracks.tsv")"
[ -n "$track" ] || { echo "bench.sh: no exercise $exercise in the catalog" >&2; exit 2; }
module="$(awk -F'\t' -v id="$track" '$1 == id { print $2 }' "$work/tracks.tsv")"
track_files="$(awk -F'\t' -v id="$track" '$1 == id { print $4 }' "$work/tracks.tsv")"

# The seconds SwiftPM's last build logged in FILE took ("Build complete! (12.34s)"), or nothing.
swiftpm_seconds() { sed -n 's/^Build.* complete! (\([0-9.]*\)s)$/\1/p' "$1" 2>/dev/null | tail -n 1; }
# first_run FOLDER [REV]: a fresh clone of the starters (of HEAD, or REV), its first grade.sh, then
# the first grade of $exercise once its track's solution is copied in: prints both times, whether
# that grade built the grader's copy cold (1) or not (0), and what SwiftPM counted for the grader's
# own build (the part of the first grade.sh that varies most with the machine's load, and that no
# change to the grading touches), for the copy's build in the first grade.sh, and for the one in
# the edit–grade. The clone is removed after.
first_run() {
  local folder="$1" start edited f copy_first
  rm -rf "$folder"
  git clone -q "$root" "$folder"
  [ -z "${2:-}" ] || git -C "$folder" checkout -q "$2"
  start="$(now)"
  "$folder/Scripts/grade.sh" >"$work/first.out" 2>&1 || true
  edited="$(now)"
  copy_first="$(swiftpm_seconds "$folder/.build/kata/exercises/build.log")"
  for f in $(printf '%s' "$track_files" | tr ',' ' '); do cp "$folder/Solutions/$module/$f" "$folder/Exercises/$module/$f"; done
  "$folder/Scripts/grade.sh" "$exercise" >"$work/first-edit.out" 2>&1 || true
  awk -v end="$(now)" -v edited="$edited" -v start="$start" -v cold="$(grep -c "First build of the grader's copy" "$work/first-edit.out")" \
    -v grader="$(swiftpm_seconds "$folder/.build/kata/grader-build.log")" \
    -v copy_first="$copy_first" -v copy_edit="$(swiftpm_seconds "$folder/.build/kata/exercises/build.log")" \
    'BEGIN { print edited - start, end - edited, (cold > 0), grader + 0, copy_first + 0, copy_edit + 0 }'
  rm -rf "$folder"
}
first=(); first_edit=(); first_total=(); first_cold=0; first_grader=(); first_copy=(); first_edit_copy=()
base_first=(); base_first_edit=(); base_first_total=(); base_first_cold=0; base_first_grader=(); base_first_copy=(); base_first_edit_copy=()
for round in $(seq 1 "$first_runs"); do
  # In turn, and each first in every other round, so that a busy machine weighs on both alike.
  order="here"
  [ -z "$against" ] || { [ $((round % 2)) = 1 ] && order="here base" || order="base here"; }
  for side in $order; do
    if [ "$side" = here ]; then
      read -r one_first one_edit one_cold one_grader one_copy one_edit_copy <<<"$(first_run "$work/first")"
      first_grader+=("$one_grader"); first_copy+=("$one_copy"); first_edit_copy+=("$one_edit_copy"); first+=("$one_first"); first_edit+=("$one_edit"); first_total+=("$(awk -v a="$one_first" -v b="$one_edit" 'BEGIN { print a + b }')")
      first_cold=$((first_cold + one_cold))
    else
      read -r one_first one_edit one_cold one_grader one_copy one_edit_copy <<<"$(first_run "$work/first-base" "$against")"
      base_first_grader+=("$one_grader"); base_first_copy+=("$one_copy"); base_first_edit_copy+=("$one_edit_copy"); base_first+=("$one_first"); base_first_edit+=("$one_edit"); base_first_total+=("$(awk -v a="$one_first" -v b="$one_edit" 'BEGIN { print a + b }')")
      base_first_cold=$((base_first_cold + one_cold))
    fi
  done
done

report() { printf '%-58s median %6.2f s   runs: %s\n' "$1" "$(printf '%s\n' "${@:2}" | median)" "$(printf '%.2f ' "${@:2}")"; }
report_first() {
  [ "${#first[@]}" -gt 0 ] || return 0
  report "first grade.sh of a fresh clone (starters)" "${first[@]}"
  report "  of which the grader's own build (SwiftPM's count)" "${first_grader[@]}"
  report "  and the build of the grader's copy (SwiftPM's count)" "${first_copy[@]}"
  report "then the first grade of $track after an edit" "${first_edit[@]}"
  report "  of which the build of the copy (SwiftPM's count)" "${first_edit_copy[@]}"
  report "fresh clone to that verdict" "${first_total[@]}"
  echo "first edit–grades that built the grader's copy cold: $first_cold of ${#first[@]}"
  [ -n "$against" ] || return 0
  local at
  at="$(git -C "$root" rev-parse --short "$against")"
  report "first grade.sh of a fresh clone at $at" "${base_first[@]}"
  report "  of which the grader's own build (SwiftPM's count)" "${base_first_grader[@]}"
  report "  and the build of the grader's copy (SwiftPM's count)" "${base_first_copy[@]}"
  report "then the first edit–grade at $at" "${base_first_edit[@]}"
  report "  of which the build of the copy (SwiftPM's count)" "${base_first_edit_copy[@]}"
  report "fresh clone to that verdict at $at" "${base_first_total[@]}"
  echo "first edit–grades at $at that built the grader's copy cold: $base_first_cold of ${#base_first[@]}"
}

cold=()
[ "$cold_runs" -ge 1 ] || [ "$runs" -eq 0 ] || fresh_clone
for _ in $(seq 1 "$cold_runs"); do
  fresh_clone
  cold+=("$(timed "$work/kata/Scripts/grade.sh")")
done
if [ "$runs" -eq 0 ]; then
  echo
  [ "${#cold[@]}" -eq 0 ] || report "cold build + first full grade (fresh clone, solutions in)" "${cold[@]}"
  report_first
  echo "Load:    $(load) at the end"
  exit 0
fi
kata="$work/kata"
grade="$kata/Scripts/grade.sh"
file="$kata/Exercises/$module/${track_files##*,}"

# Each edit changes what the file compiles to, as an attendee's edit of a test does: a function
# body that returns another number. (An edit of a comment alone leaves the object file as it was,
# so nothing is relinked and the grade measures less than an attendee waits for.)
edits=0
edit() {
  edits=$((edits + 1))
  sed -i.bak "s/^private func kataBenchEdit() -> Int { [0-9]* }\$/private func kataBenchEdit() -> Int { $edits }/" "$file"
  rm -f "$file.bak"
}
printf '\nprivate func kataBenchEdit() -> Int { 0 }\n' >>"$file"
"$grade" "$exercise" >/dev/null 2>&1 || true
if [ -n "$against" ]; then
  base="$work/base"
  fresh_clone "$base" "$against"
  base_file="$base/${file#"$kata/"}"
  printf '\nprivate func kataBenchEdit() -> Int { 0 }\n' >>"$base_file"
  "$base/Scripts/grade.sh" >/dev/null 2>&1 || true
  "$base/Scripts/grade.sh" "$exercise" >/dev/null 2>&1 || true
fi
base_edit() {
  sed -i.bak "s/^private func kataBenchEdit() -> Int { [0-9]* }\$/private func kataBenchEdit() -> Int { $edits }/" "$base_file"
  rm -f "$base_file.bak"
}
# The plain `swift test` line of the edited track, as --hint prints it (`hint_command`).
source "$root/Scripts/lib/plain-swift-test.sh"
plain_line="$(hint_command "$track")"
case "$plain_line" in "swift test "*) ;; *) echo "bench.sh: grade.sh --hint $track printed no swift test line" >&2; exit 1 ;; esac
plain() { (cd "$kata" && eval "$plain_line"); }
# Its first build is cold (every target of the package): not measured.
plain >/dev/null 2>&1 || true
full=(); one=(); after=(); based=(); plained=()
for round in $(seq 1 "$runs"); do
  full+=("$(timed "$grade" --porcelain)")
  cp "$work/last.out" "$work/full.tsv"
  # The base's edit–grade right before this checkout's in every other round, right after it in
  # the others: a load that rises or falls within a round weighs on both alike.
  if [ -n "$against" ] && [ $((round % 2)) = 0 ]; then base_edit; based+=("$(timed "$base/Scripts/grade.sh" "$exercise")"); fi
  edit; one+=("$(timed "$grade" "$exercise")")
  if [ -n "$against" ] && [ $((round % 2)) = 1 ]; then base_edit; based+=("$(timed "$base/Scripts/grade.sh" "$exercise")"); fi
  edit; plained+=("$(timed plain)")
  edit; after+=("$(timed "$grade")")
done

echo
[ "${#cold[@]}" -eq 0 ] || report "cold build + first full grade (fresh clone, solutions in)" "${cold[@]}"
report_first
report "warm full grade, nothing changed" "${full[@]}"
report "warm grade of $track after an edit" "${one[@]}"
report "warm full grade after an edit of $track" "${after[@]}"
report "plain swift test of $track after an edit" "${plained[@]}"
awk -v o="$(printf '%s\n' "${one[@]}" | median)" -v p="$(printf '%s\n' "${plained[@]}" | median)" \
  'BEGIN { printf "edit–grade ÷ plain swift test: %.2f (goal, issue 34: at most 0.8 for XCTest, 0.6 for Swift Testing)\n", o / p }'
if [ -n "$against" ]; then
  report "the same edit–grade at $(git -C "$root" rev-parse --short "$against")" "${based[@]}"
  awk -v o="$(printf '%s\n' "${one[@]}" | median)" -v b="$(printf '%s\n' "${based[@]}" | median)" \
    'BEGIN { printf "edit–grade here ÷ at the base: %.2f (over 1 is slower)\n", o / b }'
fi
full_median="$(printf '%s\n' "${full[@]}" | median)"
one_median="$(printf '%s\n' "${one[@]}" | median)"
awk -v f="$full_median" -v o="$one_median" 'BEGIN { r = f / o; printf "full unchanged ÷ one edit–grade: %.2f (goal: at most 1.5, %s)\n", r, r <= 1.5 ? "met" : "NOT met" }'
# What the unchanged full grade still ran (not "unchanged since"): a verdict not done is run again.
ran="$(awk -F'\t' '$3 !~ /\(unchanged since / { printf "%s%s (%s)", sep, $1, $2; sep = ", " }' "$work/full.tsv")"
echo "tracks the unchanged full grade ran again: ${ran:-none}"
echo "Load:    $(load) at the end"
