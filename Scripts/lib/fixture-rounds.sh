# Grades every weak-suite fixture (Tests/Fixtures/<exercise>/<name>/) and writes one line per
# fixture: key, fixture name, expected verdict, actual verdict, reason, and the wheat its expected
# file says rejects it (tab-separated; the last may be empty). The key is
# the exercise's id, or id@framework when the fixture is written for its other track (its files
# are that track's own, such as SwiftTesting/…Suite.swift).
# Sourced by Scripts/selftest.sh, Scripts/repeat-grades.sh and Scripts/perturbation-goals.sh; needs
# $root, $grade and $work, and "$work/exercises.tsv" (grade.sh --list --porcelain), which
# `rounds_workspace` makes for the two measuring scripts. With $kept_logs set, the grader's logs of
# an exercise whose verdict was not the expected one are copied there (keep_logs), since the next
# grade overwrites them.
#
# Each round plants one fixture per exercise into a fresh copy of Solutions/, but never one that
# replaces a file another planted exercise compiles with, so every fixture is judged on its own. A round is graded TIMES times in a row (one line per grade): the
# grader sees the same files again and skips the build, so repeats cost only the test runs, which
# it makes again every time (--regrade: no run is kept from one grade for the next).
#   grade_fixture_rounds OUT TIMES [ID…]   (only these exercises' fixtures when ids are given)
# Optional hooks, for Scripts/perturbation-goals.sh: a function `fixture_wanted FIXTURE` that fails
# for a fixture to leave out; an array `grade_options` of options every grade adds; a function
# `after_round WEAK KEY|FIXTURE…` called with the round's folder, and each track key with its
# fixture's name, before the folder is removed.
grade_fixture_rounds() {
  local out="$1" times="$2"; shift 2
  local only=" $* "
  : >"$out"
  # Indexed arrays side by side, one place per exercise (bash 3.2 has no associative arrays).
  local ids=($(cut -f1 "$work/exercises.tsv" | grep -v @))
  local next_fixture=() id n
  for n in "${!ids[@]}"; do next_fixture[$n]=0; done
  local round=1
  while :; do
    local weak="$work/weak-$round"
    rm -rf "$weak"; mkdir -p "$weak"; cp -R "$root/Solutions/." "$weak/"
    local selected=() reading=" " replaced=" "
    local expected_verdict=() fixture_name=() track_key=() rejected_by=()
    for n in "${!ids[@]}"; do
      id="${ids[$n]}"
      [ "$only" = "  " ] || case "$only" in *" $id "*) ;; *) continue ;; esac
      local fixtures=($(ls -d "$root/Tests/Fixtures/$id"/*/ 2>/dev/null | sort))
      local index="${next_fixture[$n]}"
      # Fixtures a hook leaves out are skipped here, so they take no place in a round.
      while [ "$index" -lt "${#fixtures[@]}" ] && [ "$(type -t fixture_wanted)" = function ] \
            && ! fixture_wanted "${fixtures[$index]%/}"; do
        index=$((index + 1)); next_fixture[$n]=$index
      done
      [ "$index" -lt "${#fixtures[@]}" ] || continue
      local fixture="${fixtures[$index]%/}"
      local module reads writes
      module="$(awk -F'\t' -v id="$id" '$1 == id { print $2 }' "$work/exercises.tsv")"
      reads="$(awk -F'\t' -v id="$id" '$1 == id || index($1, id "@") == 1 { n = split($4 "," $5, f, ","); for (i = 1; i <= n; i++) if (f[i] != "") print $2 "/" f[i] }' "$work/exercises.tsv" | sort -u | tr '\n' ' ')"
      writes="$(cd "$fixture" && find . -name '*.swift' | sed "s|^\./|$module/|" | tr '\n' ' ')"
      # Two fixtures share a round unless one replaces a file the other's exercise compiles with.
      local clash=0 f
      for f in $writes; do case "$reading" in *" $f "*) clash=1 ;; esac; done
      for f in $reads; do case "$replaced" in *" $f "*) clash=1 ;; esac; done
      [ "$clash" -eq 0 ] || continue
      reading="$reading$reads"; replaced="$replaced$writes"
      next_fixture[$n]=$((index + 1))
      # Laid over the module folder with its subfolders (a Swift Testing suite sits in SwiftTesting/).
      (cd "$fixture" && find . -name '*.swift' | while read -r rel; do mkdir -p "$weak/$module/$(dirname "$rel")"; cp "$rel" "$weak/$module/$rel"; done)
      selected+=("$id"); expected_verdict+=("$(head -n1 "$fixture/expected")"); fixture_name+=("$(basename "$fixture")")
      track_key+=("$(fixture_track "$id" "$fixture")")
      rejected_by+=("$(sed -n 's/^rejected-by: *//p' "$fixture/expected")")
    done
    [ "${#selected[@]}" -gt 0 ] || break
    local time
    for time in $(seq 1 "$times"); do
      [ "$times" -eq 1 ] || printf 'fixtures, round %d (%s): grade %d of %d…\n' "$round" "$(plural "${#selected[@]}" exercise)" "$time" "$times" >&2
      "$grade" --porcelain --regrade ${grade_options[@]+"${grade_options[@]}"} --from "$weak" "${selected[@]}" >"$work/weak-$round.tsv" 2>"$work/weak-$round.err"
      local status=$?
      local k
      for k in "${!selected[@]}"; do
        id="${selected[$k]}"
        local verdict reason
        local key="${track_key[$k]}"
        verdict="$(awk -F'\t' -v id="$key" '$1 == id { print $2 }' "$work/weak-$round.tsv")"
        reason="$(awk -F'\t' -v id="$key" '$1 == id { print $3 }' "$work/weak-$round.tsv")"
        # A grade that gave no verdict says how it ended, for the maintainer reading the report.
        [ -n "$verdict" ] || reason="grade.sh exited $status: $(tail -n 2 "$work/weak-$round.err" | tr '\n\t' '  ')"
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$key" "${fixture_name[$k]}" "${expected_verdict[$k]}" "${verdict:-(none)}" "$reason" "${rejected_by[$k]}" >>"$out"
        [ "$verdict" = "${expected_verdict[$k]}" ] || keep_logs planted "$id" "$key-${fixture_name[$k]}"
      done
    done
    if [ "$(type -t after_round)" = function ]; then
      local pairs=()
      for k in "${!track_key[@]}"; do pairs+=("${track_key[$k]}|${fixture_name[$k]}"); done
      after_round "$weak" "${pairs[@]}"
    fi
    rm -rf "$weak"
    round=$((round + 1))
  done
}

# The key of the track a fixture is written for: the first of the exercise's tracks whose own files
# (not shared with its other track) the fixture replaces; the exercise's id otherwise.
fixture_track() {
  local id="$1" fixture="$2"
  local rels
  rels=" $(cd "$fixture" && find . -name '*.swift' | sed 's|^\./||' | tr '\n' ' ')"
  awk -F'\t' -v id="$id" -v rels="$rels" '
    $1 == id || index($1, id "@") == 1 { keys[++n] = $1; files[n] = $4 }
    END {
      for (i = 1; i <= n; i++) {
        m = split(files[i], f, ",")
        for (j = 1; j <= m; j++) {
          shared = 0
          for (k = 1; k <= n; k++) if (k != i && index("," files[k] ",", "," f[j] ",")) shared = 1
          if (!shared && index(rels, " " f[j] " ")) { print keys[i]; exit }
        }
      }
      print id
    }' "$work/exercises.tsv"
}

plural() { [ "$1" -eq 1 ] && echo "1 $2" || echo "$1 ${2}s"; }

# keep_logs SHADOW ID NAME: copies the grader's logs of exercise ID (from the shadow copy named
# SHADOW: exercises, solutions or planted) to $kept_logs/NAME-<n>, when $kept_logs is set.
keep_logs() {
  [ -n "${kept_logs:-}" ] || return 0
  local from="$root/.build/kata/$1/logs/$2" n=1
  [ -d "$from" ] || return 0
  while [ -e "$kept_logs/$3-$n" ]; do n=$((n + 1)); done
  mkdir -p "$kept_logs/$3-$n" && cp -R "$from/." "$kept_logs/$3-$n/"
}

# rounds_workspace NAME: a scratch folder in $work, removed on exit with any load `busy_cores`
# started, and the course's exercises in "$work/exercises.tsv" (exits 3 when grade.sh cannot list them).
rounds_workspace() {
  work="$(mktemp -d "${TMPDIR:-/tmp}/kata-$1.XXXXXX")"
  load_pids=()
  trap 'for pid in ${load_pids[@]+"${load_pids[@]}"}; do kill "$pid" 2>/dev/null; done; rm -rf "$work"' EXIT
  trap 'exit 130' INT TERM
  "$grade" --list --porcelain >"$work/exercises.tsv" || exit 3
}

# busy_cores: both cores busy (`yes` twice) until the script exits.
busy_cores() {
  for _ in 1 2; do yes >/dev/null & load_pids+=($!); done
}
