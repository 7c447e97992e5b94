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
# Usage: Scripts/bench.sh [--runs N] [--cold-runs N] [--exercise ID]
#                         [--framework xctest|swift-testing | --both-tracks] [--against REV]
#        (defaults: 5, 1, the first exercise, one track, no comparison)
set -euo pipefail
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib/portable.sh"

runs=5
cold_runs=1
exercise=""
framework=""
both_tracks=0
against=""
usage="usage: Scripts/bench.sh [--runs N] [--cold-runs N] [--exercise ID] [--framework xctest|swift-testing | --both-tracks] [--against REV]"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --cold-runs) cold_runs="$2"; shift 2 ;;
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

cold=()
[ "$cold_runs" -ge 1 ] || fresh_clone
for _ in $(seq 1 "$cold_runs"); do
  fresh_clone
  cold+=("$(timed "$work/kata/Scripts/grade.sh")")
done
kata="$work/kata"
grade="$kata/Scripts/grade.sh"
[ -n "$exercise" ] || exercise="$(awk -F'\t' 'NR == 1 { print $1 }' "$work/tracks.tsv")"
# The track edited: the exercise's track in $framework if it has one.
track="$(awk -F'\t' -v id="$exercise" -v fw="$framework" '$1 == id || index($1, id "@") == 1 { if (!found || $3 == fw) { found = 1; key = $1 } } END { print key }' "$work/tracks.tsv")"
[ -n "$track" ] || { echo "bench.sh: no exercise $exercise in the catalog" >&2; exit 2; }
module="$(awk -F'\t' -v id="$track" '$1 == id { print $2 }' "$work/tracks.tsv")"
file="$(awk -F'\t' -v id="$track" '$1 == id { print $4 }' "$work/tracks.tsv")"
file="$kata/Exercises/$module/${file##*,}"

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
for _ in $(seq 1 "$runs"); do
  full+=("$(timed "$grade" --porcelain)")
  cp "$work/last.out" "$work/full.tsv"
  edit; one+=("$(timed "$grade" "$exercise")")
  edit; plained+=("$(timed plain)")
  if [ -n "$against" ]; then base_edit; based+=("$(timed "$base/Scripts/grade.sh" "$exercise")"); fi
  edit; after+=("$(timed "$grade")")
done

report() { printf '%-58s median %6.2f s   runs: %s\n' "$1" "$(printf '%s\n' "${@:2}" | median)" "$(printf '%.2f ' "${@:2}")"; }
echo
[ "${#cold[@]}" -gt 0 ] && report "cold build + first full grade (fresh clone)" "${cold[@]}"
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
