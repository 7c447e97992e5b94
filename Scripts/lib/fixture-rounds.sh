# Grades weak-suite fixtures (Tests/Fixtures/<exercise>/<name>/) with `grade.sh --fixtures`
# (FixtureRounds: the rounds, the track each suite is written for, one line per suite and grade:
# key, fixture name, expected verdict, actual verdict, reason, and the wheat its expected file says
# rejects it), and holds what the measuring scripts share.
# Sourced by Scripts/selftest.sh, Scripts/repeat-grades.sh and Scripts/perturbation-goals.sh; needs
# $root and $grade; the last two call `rounds_workspace` for $work.
#   grade_fixture_rounds OUT TIMES [ID | ID/NAME…]   (all fixtures when none is given)
# adds the options of an array `grade_options` when set, and, with $kept_logs set, keeps there the
# grader's logs of a fixture whose verdict was not the expected one.
grade_fixture_rounds() {
  local out="$1" times="$2"; shift 2
  "$grade" --fixtures --times "$times" ${grade_options[@]+"${grade_options[@]}"} \
    ${kept_logs:+--keep-logs "$kept_logs"} "$@" >"$out"
  local status=$?
  # 0: every fixture got its verdict; 1: some did not (the lines say which); else the grade broke.
  [ "$status" -le 1 ] || echo "grade.sh --fixtures exited $status" >&2
}

# fixtures_where TEST [ID…]: ID/NAME of every fixture (of these exercises, when ids are given) for
# whose folder the function TEST succeeds, in the array `fixtures`.
fixtures_where() {
  local test="$1" folder id; shift
  fixtures=()
  for folder in "$root"/Tests/Fixtures/*/*/; do
    folder="${folder%/}"; id="$(basename "$(dirname "$folder")")"
    [ "$#" -eq 0 ] || case " $* " in *" $id "*) ;; *) continue ;; esac
    "$test" "$folder" && fixtures+=("$id/$(basename "$folder")")
  done
}

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

# representative_fixtures TRACKS NAMED…: ID/NAME, the track's framework, the expected verdict and
# what rejects it (a written wheat, rejected-by; a generated timing change, perturbed; or neither),
# one line per fixture: every NAMED fixture, then one fixture for each other combination of
# framework, verdict and cause among Tests/Fixtures, taken from the exercise with the fewest taken
# so far (each round of a fixture grade holds one suite per exercise: fewer rounds). TRACKS is
# `grade.sh --list --porcelain`'s output. A NAMED fixture that does not exist is a line
# "MISSING<TAB>ID/NAME".
representative_fixtures() {
  python3 - "$root/Tests/Fixtures" "$@" <<'PY'
import os, sys
fixtures, tracks, named = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = [line.rstrip("\n").split("\t") for line in open(tracks) if line.strip()]
order = []
for row in rows:
    if row[0].split("@")[0] not in order:
        order.append(row[0].split("@")[0])
cases = []
for exercise in order:
    folder = os.path.join(fixtures, exercise)
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        case = os.path.join(folder, name)
        files = {os.path.relpath(os.path.join(d, f), case) for d, _, fs in os.walk(case) for f in fs if f.endswith(".swift")}
        if not files:
            continue
        own = [row for row in rows if row[0].split("@")[0] == exercise]
        track = next((row for row in own if files & set(row[3].split(","))), own[0])  # WeakSuite.track(of:)
        text = open(os.path.join(case, "expected")).read()
        cause = "rejected-by" if "\nrejected-by:" in text else "perturbed" if "\nperturbed:" in text else ""
        cases.append((exercise, name, track[2], text.split("\n")[0].strip(), cause))
chosen, taken = [], {}
def take(case):
    chosen.append(case)
    taken[case[0]] = taken.get(case[0], 0) + 1
for wanted in named:
    case = next((c for c in cases if c[0] + "/" + c[1] == wanted), None)
    if case:
        take(case)
    else:
        print("MISSING\t" + wanted)
for kind in sorted({c[2:] for c in cases}):
    if not any(c[2:] == kind for c in chosen):
        take(min((c for c in cases if c[2:] == kind), key=lambda c: (taken.get(c[0], 0), order.index(c[0]))))
for case in chosen:
    print(case[0] + "/" + case[1] + "\t" + "\t".join(case[2:]))
PY
}
