# Plants every attack of Tests/Attacks/<name>/ (an `attack` file and a snippet) in a copy of
# Solutions/ and checks the verdict it must get: what an attendee's test could do to the grader
# (issue 22). Each attack's snippet is added to the file its `plant:` line names (or replaces it,
# with `replace: yes`); the exercise (`exercise:`, a key like id@swift-testing) must then be judged
# `expect:`, with `reason:` in its reason. An attack with `poisons: yes` writes into the grader's
# own folder: its grade must stop (exit 3) saying so, and the next grade, without it, must be right.
# With `warm: yes` the exercise is first graded once without the attack, so that the grader keeps
# its runs for the attack to find; with `fresh: yes` the next grade must make its runs again rather
# than judge kept ones (its reason does not say "unchanged since"). With `then-edit: FILE` the
# attack's own grade must be right, and the grade after an edit of FILE (a function added) is the
# one that must stop: for what only a later build reaches. `stops:` is what the stopped grade must
# say, when not that a test wrote into the grader's folder (the kata's own files: issue 31 §3).
# An attack with `fixture: FILE` is a file its test reads as it runs (issue 31 §4): graded done
# with `fixture.txt` there, then again with `changed.txt` instead, it must be judged `expect:`.
# With `after: VERDICT`, the attack's file is put back as shipped after its round and its exercise
# graded again: it must get VERDICT.
# After the attacks: nothing they started still runs, the checkout and the system's temporary
# folder are as they were.
# Sourced by Scripts/selftest.sh; needs $root, $grade and $work, and Scripts/lib/checks.sh.
# Written for bash 3.2 (macOS): no associative arrays.

attack_field() { sed -n "s/^$2: *//p" "$1/attack" | head -n 1; }

# plant_attack COPY ATTACK: lays the attack into the copy of Solutions/.
plant_attack() {
  local file="$1/$(attack_field "$2" plant)"
  if [ "$(attack_field "$2" replace)" = yes ]; then
    cp "$2/snippet.swift.txt" "$file"
  else
    printf '\n' >>"$file"; cat "$2/snippet.swift.txt" >>"$file"
  fi
}

# check_attack NAME KEY TSV: the verdict and reason the attack's file asks for.
check_attack() {
  local attack="$root/Tests/Attacks/$1" key="$2" tsv="$3"
  local expect reason verdict got
  expect="$(attack_field "$attack" expect)"; reason="$(attack_field "$attack" reason)"
  verdict="$(awk -F'\t' -v id="$key" '$1 == id { print $2 }' "$tsv")"
  got="$(awk -F'\t' -v id="$key" '$1 == id { print $3 }' "$tsv")"
  check "attack $1: $key is judged $expect" "$expect" "$verdict" "$got" "($(sed -n 's/^# *//p' "$attack/attack" | head -n 1))"
  if [ -n "$reason" ]; then
    case "$got" in *"$reason"*) pass "attack $1: the reason names it ($reason)" ;;
      *) fail "attack $1: the reason names it ($reason)" "$got" ;; esac
  fi
}

# check_next_grades COPY ROUND NAME|KEY…: for the attacks of a round that ask it (`after: VERDICT`),
# puts their planted files back as shipped and grades their exercises again: what the attack did
# must not reach the next grade.
check_next_grades() {
  local copy="$1" round="$2" entry name key after ids=() checks=()
  shift 2
  for entry in "$@"; do
    name="${entry%%|*}"; key="${entry#*|}"
    after="$(attack_field "$root/Tests/Attacks/$name" after)"
    [ -n "$after" ] || continue
    cp "$root/Solutions/$(attack_field "$root/Tests/Attacks/$name" plant)" "$copy/$(attack_field "$root/Tests/Attacks/$name" plant)"
    ids+=("$key"); checks+=("$name|$key|$after")
  done
  [ "${#ids[@]}" -gt 0 ] || return 0
  TMPDIR="$work/attack-tmp" "$grade" --porcelain --from "$copy" "${ids[@]}" >"$work/attacks-$round-next.tsv" 2>"$work/attacks-$round-next.err"
  for entry in "${checks[@]}"; do
    name="${entry%%|*}"; key="${entry#*|}"; key="${key%%|*}"; after="${entry##*|}"
    check "attack $name: the next grade, without it, is $after" "$after" \
      "$(awk -F'\t' -v id="$key" '$1 == id { print $2 }' "$work/attacks-$round-next.tsv")" "$(tail -n 3 "$work/attacks-$round-next.err")"
  done
}

run_attacks() {
  local state_before tmp_before names=() name
  state_before="$(cd "$root" && git status --porcelain -- Sources Exercises Solutions Catalog Package.swift | cksum)"
  mkdir -p "$work/attack-tmp"
  # KATA_ATTACKS="NAME…" (maintainers): only these attacks, to try one while writing it.
  for name in ${KATA_ATTACKS:-$(ls "$root/Tests/Attacks")}; do
    [ -f "$root/Tests/Attacks/$name/attack" ] && [ -z "$(attack_field "$root/Tests/Attacks/$name" fixture)" ] && names+=("$name")
  done

  # Attacks that leave the grader's folder alone share rounds: one per exercise, one per file.
  local pending=() round=1
  for name in "${names[@]}"; do [ "$(attack_field "$root/Tests/Attacks/$name" poisons)" = yes ] || pending+=("$name"); done
  while [ "${#pending[@]}" -gt 0 ]; do
    local copy="$work/attacks-$round" taken=" " planted=" " keys=() later=() ids=()
    rm -rf "$copy"; mkdir -p "$copy"; cp -R "$root/Solutions/." "$copy/"
    for name in "${pending[@]}"; do
      local attack="$root/Tests/Attacks/$name" key id file
      key="$(attack_field "$attack" exercise)"; id="${key%@*}"; file="$(attack_field "$attack" plant)"
      case "$taken$planted" in *" $id "*|*" $file "*) later+=("$name"); continue ;; esac
      taken="$taken$id "; planted="$planted$file "
      plant_attack "$copy" "$attack"
      keys+=("$name|$key"); ids+=("$key")
    done
    TMPDIR="$work/attack-tmp" "$grade" --porcelain --from "$copy" "${ids[@]}" >"$work/attacks-$round.tsv" 2>"$work/attacks-$round.err"
    local entry
    for entry in "${keys[@]}"; do check_attack "${entry%%|*}" "${entry#*|}" "$work/attacks-$round.tsv"; done
    check_next_grades "$copy" "$round" "${keys[@]}"
    pending=("${later[@]+"${later[@]}"}")
    round=$((round + 1))
  done

  # Attacks on the grader's own folder, one at a time: refused, healed, and the next grade right.
  for name in "${names[@]}"; do
    local attack="$root/Tests/Attacks/$name"
    [ "$(attack_field "$attack" poisons)" = yes ] || continue
    local key copy="$work/poison-$name" file code
    key="$(attack_field "$attack" exercise)"; file="$(attack_field "$attack" plant)"
    rm -rf "$copy"; mkdir -p "$copy"; cp -R "$root/Solutions/." "$copy/"
    if [ "$(attack_field "$attack" warm)" = yes ]; then
      TMPDIR="$work/attack-tmp" "$grade" --porcelain --from "$copy" "${key%@*}" >"$work/poison-$name-warm.tsv" 2>&1
    fi
    plant_attack "$copy" "$attack"
    local then_edit; then_edit="$(attack_field "$attack" then-edit)"
    if [ -n "$then_edit" ]; then
      TMPDIR="$work/attack-tmp" "$grade" --porcelain --from "$copy" "${key%@*}" >"$work/poison-$name-planted.tsv" 2>&1; code=$?
      check "attack $name: its own grade is right (exit $code)" "$(attack_field "$attack" expect)" \
        "$(awk -F'\t' -v id="$key" '$1 == id { print $2 }' "$work/poison-$name-planted.tsv")" "$(tail -n 3 "$work/poison-$name-planted.tsv")"
      printf '\nprivate func attackThenEdit() -> Int { 1 }\n' >>"$copy/$then_edit"
    fi
    TMPDIR="$work/attack-tmp" "$grade" --porcelain --from "$copy" "${key%@*}" >"$work/poison-$name.tsv" 2>"$work/poison-$name.err"; code=$?
    local stops; stops="$(attack_field "$attack" stops)"
    [ -n "$stops" ] || stops="a test wrote into the grader's folder"
    if [ "$code" = 3 ] && grep -qF "$stops" "$work/poison-$name.err"; then
      pass "attack $name: the grade stops and says $stops"
    else
      fail "attack $name: the grade stops and says $stops" "exit $code" "$(tail -n 3 "$work/poison-$name.err")"
    fi
    cp "$root/Solutions/$file" "$copy/$file"
    [ -z "$then_edit" ] || cp "$root/Solutions/$then_edit" "$copy/$then_edit"
    # The next grade makes its runs again (--regrade), so that it shows what the healed folder
    # does; an attack on the kept runs shows instead that none of them is judged again.
    local again=(--regrade)
    [ "$(attack_field "$attack" fresh)" = yes ] && again=()
    TMPDIR="$work/attack-tmp" "$grade" --porcelain "${again[@]+"${again[@]}"}" --from "$copy" "${key%@*}" >"$work/poison-$name-next.tsv" 2>"$work/poison-$name-next.err"; code=$?
    check "attack $name: the next grade is right (exit $code)" "$(attack_field "$attack" expect)" \
      "$(awk -F'\t' -v id="$key" '$1 == id { print $2 }' "$work/poison-$name-next.tsv")" "$(tail -n 3 "$work/poison-$name-next.err")"
    if [ "$(attack_field "$attack" fresh)" = yes ]; then
      case "$(awk -F'\t' -v id="$key" '$1 == id { print $3 }' "$work/poison-$name-next.tsv")" in
        *"unchanged since"*) fail "attack $name: the next grade makes its runs again" "$(cat "$work/poison-$name-next.tsv")" ;;
        *) pass "attack $name: the next grade makes its runs again" ;;
      esac
    fi
  done

  run_fixture_attacks
  check_kata_files_refused
  check_kept_swift_version

  sleep 0.3
  if pgrep -f "$work/(attacks|poison)-|sleep 305" >/dev/null; then
    fail "nothing an attack started is still running" "$(processes_matching "$work/(attacks|poison)-|sleep 305" | head -n 3)"
  else
    pass "nothing an attack started is still running"
  fi
  check "no attack changed the checkout (Sources, Exercises, Solutions, Catalog)" "$state_before" \
    "$(cd "$root" && git status --porcelain -- Sources Exercises Solutions Catalog Package.swift | cksum)"
  check "no attack left anything in the system's temporary folder" "" "$(ls -A "$work/attack-tmp")"
}

# A file a test reads as it runs is part of its track (issue 31 §4): the kept runs of a done track
# are not reused once that file changed, whatever its kind. The grade runs from the copy, so that
# the test finds its fixture where an attendee's finds it beside `swift test`: by the folder it
# runs in.
run_fixture_attacks() {
  local name
  for name in ${KATA_ATTACKS:-$(ls "$root/Tests/Attacks")}; do
    local attack="$root/Tests/Attacks/$name" fixture key copy
    fixture="$(attack_field "$attack" fixture)"
    [ -f "$attack/attack" ] && [ -n "$fixture" ] || continue
    key="$(attack_field "$attack" exercise)"; copy="$work/attacks-fixture-$name"
    rm -rf "$copy"; mkdir -p "$copy"; cp -R "$root/Solutions/." "$copy/"
    plant_attack "$copy" "$attack"
    cp "$attack/fixture.txt" "$copy/$fixture"
    (cd "$copy" && TMPDIR="$work/attack-tmp" "$grade" --porcelain --from "$copy" "${key%@*}") >"$work/fixture-$name-1.tsv" 2>&1
    check "attack $name: graded with its fixture as shipped" done \
      "$(awk -F'\t' -v id="$key" '$1 == id { print $2 }' "$work/fixture-$name-1.tsv")" "$(tail -n 3 "$work/fixture-$name-1.tsv")"
    cp "$attack/changed.txt" "$copy/$fixture"
    (cd "$copy" && TMPDIR="$work/attack-tmp" "$grade" --porcelain --from "$copy" "${key%@*}") >"$work/fixture-$name-2.tsv" 2>&1
    check_attack "$name" "$key" "$work/fixture-$name-2.tsv"
    case "$(awk -F'\t' -v id="$key" '$1 == id { print $3 }' "$work/fixture-$name-2.tsv")" in
      *"unchanged since"*) fail "attack $name: the kept runs are not reused once $fixture changed" "$(cat "$work/fixture-$name-2.tsv")" ;;
      *) pass "attack $name: the kept runs are not reused once $fixture changed" ;;
    esac
  done
}

# The kata's own files edited by hand (issue 31 §3): the grade refuses before anything is built,
# naming the file and the command that restores it; put back, the grade goes on. Each file is
# restored from a copy made here, never from git (a maintainer's work in progress stays).
check_kata_files_refused() {
  local file saved="$work/kata-file-saved" code
  for file in Catalog/catalog.json Sources/Mocking/MusicService.swift "Catalog/Variants/Mocking/$(ls "$root/Catalog/Variants/Mocking" | head -n 1)"; do
    cp -p "$root/$file" "$saved"
    printf '\n' >>"$root/$file"
    TMPDIR="$work/attack-tmp" "$grade" --porcelain mocking-request >"$work/kata-file.tsv" 2>"$work/kata-file.err"; code=$?
    cp -p "$saved" "$root/$file"
    if [ "$code" = 3 ] && grep -qF "git checkout -- $file" "$work/kata-file.err" && [ ! -s "$work/kata-file.tsv" ]; then
      pass "$file edited by hand: the grade refuses, with the command that restores it"
    else
      fail "$file edited by hand: the grade refuses, with the command that restores it" "exit $code" "$(tail -n 2 "$work/kata-file.err")"
    fi
  done
  rm -f "$saved"
}

# The Swift version the grader keeps, edited by hand to one too old for an exercise (issue 31 §5):
# never alone the reason for a `needs`, and `--regrade` asks the toolchain again.
check_kept_swift_version() {
  local kept="$root/.build/kata/verdicts/swift-version.json" regrade
  [ -f "$kept" ] || { skip "a hand-edited Swift version (no kept version here)"; return; }
  for regrade in --regrade ""; do
    sed 's/"swiftVersion":"[^"]*"/"swiftVersion":"6.1"/' "$kept" >"$kept.edited" && mv "$kept.edited" "$kept"
    TMPDIR="$work/attack-tmp" "$grade" --porcelain $regrade --from "$root/Solutions" modern-swift-exit-test >"$work/swift-version.tsv" 2>&1
    check "a kept Swift version edited to 6.1 judges nothing needs (grade ${regrade:-without --regrade})" done \
      "$(awk -F'\t' '$1 == "modern-swift-exit-test" { print $2 }' "$work/swift-version.tsv")" "$(tail -n 2 "$work/swift-version.tsv")"
  done
}
