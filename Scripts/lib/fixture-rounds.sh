# Grades every weak-suite fixture (Tests/Fixtures/<exercise>/<name>/) and writes one line per
# fixture: id, fixture name, expected verdict, actual verdict, reason (tab-separated).
# Sourced by Scripts/selftest.sh and Scripts/repeat-grades.sh; needs $root, $grade and $work, and
# "$work/exercises.tsv" (grade.sh --list --porcelain).
#
# Each round plants one fixture per exercise into a fresh copy of Solutions/, but never two
# exercises that share a file (one's fixture would change what the other compiles with), so every
# fixture is judged on its own.
#   grade_fixture_rounds OUT [ID…]   (only these exercises' fixtures when ids are given)
grade_fixture_rounds() {
  local out="$1"; shift
  local only=" $* "
  : >"$out"
  local -A next_fixture=()
  local ids=($(cut -f1 "$work/exercises.tsv"))
  local id
  for id in "${ids[@]}"; do next_fixture[$id]=0; done
  local round=1
  while :; do
    local weak="$work/weak-$round"
    rm -rf "$weak"; mkdir -p "$weak"; cp -R "$root/Solutions/." "$weak/"
    local selected=() taken=" "
    local -A expected_verdict=() fixture_name=()
    for id in "${ids[@]}"; do
      [ "$only" = "  " ] || case "$only" in *" $id "*) ;; *) continue ;; esac
      local fixtures=($(ls -d "$root/Tests/Fixtures/$id"/*/ 2>/dev/null | sort))
      local index="${next_fixture[$id]}"
      [ "$index" -lt "${#fixtures[@]}" ] || continue
      local mine
      mine="$(awk -F'\t' -v id="$id" '$1 == id { n = split($4 "," $5, f, ","); for (i = 1; i <= n; i++) if (f[i] != "") print $2 "/" f[i] }' "$work/exercises.tsv" | tr '\n' ' ')"
      local clash=0 f
      for f in $mine; do case "$taken" in *" $f "*) clash=1 ;; esac; done
      [ "$clash" -eq 0 ] || continue
      taken="$taken$mine"
      local fixture="${fixtures[$index]%/}"
      next_fixture[$id]=$((index + 1))
      local module
      module="$(awk -F'\t' -v id="$id" '$1 == id { print $2 }' "$work/exercises.tsv")"
      for f in "$fixture"/*.swift; do cp "$f" "$weak/$module/"; done
      selected+=("$id"); expected_verdict[$id]="$(head -n1 "$fixture/expected")"; fixture_name[$id]="$(basename "$fixture")"
    done
    [ "${#selected[@]}" -gt 0 ] || break
    "$grade" --porcelain --from "$weak" "${selected[@]}" >"$work/weak-$round.tsv" 2>"$work/weak-$round.err"
    for id in "${selected[@]}"; do
      local verdict reason
      verdict="$(awk -F'\t' -v id="$id" '$1 == id { print $2 }' "$work/weak-$round.tsv")"
      reason="$(awk -F'\t' -v id="$id" '$1 == id { print $3 }' "$work/weak-$round.tsv")"
      printf '%s\t%s\t%s\t%s\t%s\n' "$id" "${fixture_name[$id]}" "${expected_verdict[$id]}" "${verdict:-(none)}" "$reason" >>"$out"
    done
    unset expected_verdict fixture_name
    rm -rf "$weak"
    round=$((round + 1))
  done
}
