#!/usr/bin/env bash
# The attendee's entry point. Builds the grader when its own sources changed, then runs it.
# Works from any directory: the kata is the folder above this script.
# All the logic lives in the grader's modules (Sources/KataGrading and the modules it builds on),
# where the kata's own tests can reach it.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"

# shell_word WORD: WORD as one word for zsh, bash and fish to paste, as ShellCommand.quote writes
# it (Sources/KataGradingCore/Shell): in single quotes, with a backslash or a quote outside them.
shell_word() {
  case "$1" in
    "") printf "''"; return ;;
    *[!A-Za-z0-9_./:@+,=-]* | =*) ;;
    *) printf '%s' "$1"; return ;;
  esac
  local rest="$1" c out="'"
  while [ -n "$rest" ]; do
    c="${rest%"${rest#?}"}"; rest="${rest#?}"
    case "$c" in
      "'") out="$out'\\''" ;;
      "\\") out="$out'\\\\'" ;;
      *) out="$out$c" ;;
    esac
  done
  printf "%s'" "$out"
}

# say TEXT...: one message on standard error, wrapped at words on a terminal (the grader's
# Style.message does the same for its own), as one line elsewhere, for scripts that read it. A
# command to paste goes on a line of its own after it (say_command), never wrapped.
columns() {
  local c; c="$(stty size <&2 2>/dev/null | cut -d' ' -f2)"
  case "$c" in ''|*[!0-9]*) c="${COLUMNS:-80}" ;; esac
  case "$c" in ''|*[!0-9]*) c=80 ;; esac
  [ "$c" -lt 20 ] && c=20
  echo "$c"
}
say() {
  if [ -t 2 ]; then printf '%s\n' "$*" | fold -s -w "$(columns)" | sed 's/ *$//' >&2
  else printf '%s\n' "$*" >&2; fi
}
say_command() { printf '  %s\n' "$*" >&2; }

if [ ! -f "$root/Package.swift" ] || [ ! -f "$root/Catalog/catalog.json" ]; then
  say "grade.sh: $root is not a complete kata checkout (Package.swift or Catalog/catalog.json is missing)."
  say "Run the grade.sh that sits in the kata's Scripts/ folder, or restore the files with git."
  exit 3
fi
# `--doctor` (the pre-workshop check) when what it would check cannot even start: its summary
# line, for the attendee to paste to the instructor with the lines above it, always the run's last
# line; the same report in .build/kata/doctor.json (docs/doctor-json.md), so that an earlier READY
# report is never left there; and, in a checkout that joined a room, the ⚠ badge on the
# instructor's page. `doctor_fix`: the fix of the check that failed.
doctor_fix=""
doctor_not_ready() {
  local arg wants=false
  for arg in "$@"; do [ "$arg" = "--doctor" ] && wants=true; done
  $wants || return 0
  local version_line=""
  command -v swift >/dev/null 2>&1 && version_line="$(swift --version 2>&1 | grep -m 1 -E 'Swift version|swift-driver')"
  local summary="kata-doctor NOT READY ($doctor_why) | $(uname -sr) | ${version_line:-no swift}"
  local written="" sent=""
  doctor_json "$summary" "$version_line" && written=".build/kata/doctor.json"
  sent="$(doctor_badge "$summary")"
  [ -n "$sent" ] && say "$sent"
  if [ -n "$written" ]; then say "Full report: $written. Paste the line below, with the lines above it, to your instructor."
  else say "(No report file: .build/kata cannot be written.) Paste the line below, with the lines above it, to your instructor."; fi
  echo "$summary" >&2
}
# json_text TEXT: TEXT as a JSON string.
json_text() {
  local s
  s="$(printf '%s' "$1" | LC_ALL=C tr -d '\000-\010\013\014\016-\037')"
  s="${s//\\/\\\\}"; s="${s//\"/\\\"}"; s="${s//$'\t'/\\t}"; s="${s//$'\n'/\\n}"; s="${s//$'\r'/\\r}"
  printf '"%s"' "$s"
}
json_or_null() { if [ -n "$1" ]; then json_text "$1"; else printf 'null'; fi; }
# The state folder's name file, as the grader's Attendee.load reads it (AttendeeState.folder).
attendee_folder() {
  if [ -d "$root/.kata" ]; then echo "$root/.kata"
  elif [ -d "$root/.git" ] && [ -w "$root/.git" ]; then echo "$root/.git/kata"
  elif [ -f "$root/.git" ]; then
    local dir; dir="$(sed -n 's/^gitdir: *//p' "$root/.git" | head -n 1)"
    case "$dir" in /*) ;; *) dir="$root/$dir" ;; esac
    echo "$dir/kata"
  else echo "$root/.kata"; fi
}
# doctor_json SUMMARY VERSION_LINE: .build/kata/doctor.json for a doctor that could not start, with
# every field docs/doctor-json.md lists. False when it cannot be written.
doctor_json() {
  mkdir -p "$root/.build/kata" 2>/dev/null && [ -w "$root/.build/kata" ] || return 1
  local system os developer="" host name cores free commit shell_name
  case "$(uname -s)" in
    Darwin) system=macOS; os="$(sw_vers -productVersion 2>/dev/null)"; developer="$(xcode-select -p 2>/dev/null)" ;;
    *) system=linux; os="$(uname -sr)" ;;
  esac
  host="$(hostname 2>/dev/null || uname -n)"
  name="$(head -n 1 "$(attendee_folder)/name" 2>/dev/null)"
  [ -n "$name" ] || name="$(id -un 2>/dev/null)@$host"
  cores="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)"
  free="$(df -Pk "$root" 2>/dev/null | awk 'NR == 2 { printf "%.0f\n", $4 * 1024 }')"
  commit="$(git -C "$root" rev-parse HEAD 2>/dev/null)"
  shell_name="${SHELL:+$(basename "$SHELL")}"
  local check
  check="{\"name\":$(json_text "$doctor_check"),\"status\":\"fail\",\"found\":$(json_text "$doctor_why"),\"fix\":$(json_or_null "$doctor_fix")}"
  {
    printf '{\n  "version": 1,\n  "ready": false,\n  "summary": %s,\n' "$(json_text "$1")"
    printf '  "attendee": %s,\n  "host": %s,\n' "$(json_text "$name")" "$(json_text "$host")"
    printf '  "generatedAt": "%s",\n  "seconds": 0,\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    printf '  "machine": {"system": "%s", "simulated": false, "os": %s, "swift": null, "swiftVersionOutput": %s, ' \
      "$system" "$(json_text "$os")" "$(json_or_null "$2")"
    printf '"developerDirectory": %s, "cores": %s, "freeBytes": %s, "shell": %s, "checkout": %s, "kataCommit": %s},\n' \
      "$(json_or_null "$developer")" "${cores:-1}" "${free:-null}" "$(json_or_null "$shell_name")" "$(json_text "$root")" "$(json_or_null "$commit")"
    printf '  "checks": [%s],\n  "grades": [],\n  "fallback": []\n}\n' "$check"
  } >"$root/.build/kata/doctor.json.tmp" 2>/dev/null && mv -f "$root/.build/kata/doctor.json.tmp" "$root/.build/kata/doctor.json" 2>/dev/null
}
# doctor_badge SUMMARY: the ⚠ badge on the joined room's page, as the grader's RoomLink.send posts
# it (no results, the doctor's summary), within 2 s; prints what happened, nothing when not joined.
doctor_badge() {
  local join; join="$(attendee_folder)/room-join.json"
  [ -f "$join" ] || return 0
  field() { sed -n 's/.*"'"$1"'":"\([^"]*\)".*/\1/p' "$join" | sed 's#\\/#/#g'; }
  local room code attendee token
  room="$(field room)"; code="$(field code)"; attendee="$(field attendee)"; token="$(field token)"
  if [ -z "$room" ] || ! command -v curl >/dev/null 2>&1; then
    echo "room: could not send the doctor's report (no curl); paste the line below to your instructor instead."; return 0
  fi
  local body="{\"code\":$(json_text "$code"),\"attendee\":$(json_text "$attendee"),\"token\":$(json_text "$token"),\"results\":[],\"doctor\":{\"ready\":false,\"summary\":$(json_text "$1")}}"
  if curl -s -f -o /dev/null --max-time 2 -H 'Content-Type: application/json' --data-binary "$body" "${room%/}/api/results" 2>/dev/null; then
    echo "Sent to the room: the instructor's page shows this machine not ready (⚠)."
  else
    echo "room: could not send the doctor's report; paste the line below to your instructor instead."
  fi
}
doctor_check="swift"
if ! command -v swift >/dev/null 2>&1; then
  say "grade.sh: no 'swift' command on the PATH."
  say "Install Swift 6 (https://www.swift.org/install), then open a new terminal and check that this prints its version:"
  say_command "swift --version"
  doctor_why="no swift on the PATH"
  doctor_fix="Install Swift 6 from https://www.swift.org/install, then open a new terminal and check 'swift --version'."
  doctor_not_ready "$@"
  exit 3
fi

# As root in a checkout that is not root's, every file a grade makes under .build would be root's,
# and its owner's next grade could not write there: refused before anything is built or run.
owner_fix="cd $(shell_word "$root") && sudo chown -R \"\$USER\" .build"
if [ "$(id -u)" = 0 ] && [ ! -O "$root" ]; then
  say "grade.sh: not as root: this checkout belongs to another user, and what a root grade writes under .build would stop that user's next grade."
  say "Run Scripts/grade.sh without sudo. If an earlier sudo grade left files there, give them back:"
  say_command "$owner_fix"
  exit 3
fi

state="$root/.build/kata"
scratch="$state/grader"
grader="$scratch/debug/KataGrader"
# A checksum of the binary this script built: a grader binary it did not build is never run.
stamp="$scratch/KataGrader.cksum"
# Every module the grader is built from (GraderSourcesTests checks it against Package.swift): an
# edit in any of them rebuilds it.
grader_sources=("$root/Package.swift" "$root/Sources/KataGrader" "$root/Sources/KataGrading"
                "$root/Sources/KataGradingCore" "$root/Sources/KataBuildReplay" "$root/Sources/KataVerdicts"
                "$root/Sources/KataGradingKernel" "$root/Sources/KataRoom" "$root/Sources/Sockets")

grader_is_stale() {
  [ -x "$grader" ] && [ -f "$stamp" ] || return 0
  [ "$(cksum <"$grader")" = "$(cat "$stamp")" ] || return 0
  [ -n "$(find "${grader_sources[@]}" -newer "$grader" -print -quit 2>/dev/null)" ]
}

if ! mkdir -p "$state" 2>/dev/null || [ ! -w "$state" ]; then
  if [ -n "$(find "$root/.build" -maxdepth 2 ! -user "$(id -u)" -print 2>/dev/null | head -n 1)" ]; then
    say "grade.sh: $state belongs to another user (a grade run with sudo?), so no grade of yours can write there. Give it back:"
    say_command "$owner_fix"
    doctor_why="the checkout's .build belongs to another user"; doctor_check="checkout"; doctor_fix="$owner_fix"; doctor_not_ready "$@"
    exit 3
  fi
  say "grade.sh: cannot write $state, where the grader keeps its build."
  say "Make the checkout writable, or clone the kata into a folder of yours. To make it writable:"
  say_command "chmod -R u+w $(shell_word "$root")"
  doctor_why="the checkout cannot be written"; doctor_check="checkout"; doctor_fix="chmod -R u+w $(shell_word "$root")"; doctor_not_ready "$@"
  exit 3
fi

# SwiftPM's and the compiler's temporary files while the grader builds: outside the checkout,
# because swift-driver 6.3.1 traps when TMPDIR holds a non-ASCII letter (a kata unpacked into
# ".../Café Kata/"), in a folder of the user's own that keeps its path from one build to the next
# (SwiftPM keys its manifest cache on the environment). The grader does the same for its children
# (Sources/KataGrading/Build/TemporaryRoot.swift).
# Worked out only when the grader is built: a grade that runs the grader as it is starts no
# process here but the checks of `grader_is_stale`.
system_tmp="${TMPDIR:-/tmp}"
system_tmp="${system_tmp%/}"
case "$system_tmp" in /*) ;; *) system_tmp=/tmp ;; esac
made_build_tmp=""
make_build_tmp() {
  # TemporaryRoot.systemTemporary's rule, said again: plain ASCII with no space, at most 64
  # bytes, a folder this user can write; else /tmp. (The grader says so once when TMPDIR is
  # missing or read-only; the build only avoids it.)
  if printf '%s' "$system_tmp" | LC_ALL=C grep -q '[^!-~]' || [ "${#system_tmp}" -gt 64 ] \
     || [ ! -d "$system_tmp" ] || [ ! -w "$system_tmp" ] || [ ! -x "$system_tmp" ]; then system_tmp=/tmp; fi
  local build_tmp
  build_tmp="$system_tmp/kata-build-$(id -u)-$(printf '%s' "$root" | cksum | cut -d' ' -f1)"
  mkdir -m 700 "$build_tmp" 2>/dev/null
  # Only a real folder of ours: never a link, never someone else's.
  if [ -d "$build_tmp" ] && [ ! -L "$build_tmp" ] && [ -O "$build_tmp" ]; then
    made_build_tmp="$build_tmp"
  else
    made_build_tmp="$(mktemp -d "$system_tmp/kata-build.XXXXXX")" || made_build_tmp=""
  fi
}
remove_build_tmp() {
  [ -n "$made_build_tmp" ] && rm -rf "$made_build_tmp"
  made_build_tmp=""
}

build_pid=""
stop_build() {
  # SwiftPM stops its compilers on SIGINT; whatever is left after a moment is killed.
  if [ -n "$build_pid" ]; then
    kill -INT -- "-$build_pid" 2>/dev/null
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 -- "-$build_pid" 2>/dev/null || break; sleep 0.3; done
    kill -KILL -- "-$build_pid" 2>/dev/null
  fi
  remove_build_tmp
  printf '\ngrade.sh: stopped while building the grader; nothing was graded and your files are untouched.\n' >&2
  exit 130
}

# build_progress [DONE/TOTAL] SECONDS: the progress line of the grader's build, with the time so
# far and, once a tenth of the steps are done, about how long is left at the pace so far (SwiftPM's
# total grows a little as it plans; the estimate is rough, and says so with "about").
minutes() { if [ "$1" -lt 60 ]; then echo "$1 s"; else echo "$(($1 / 60)) min $(($1 % 60)) s"; fi; }
build_progress() {
  local counts="${1#[}"; counts="${counts%]}"
  local done="${counts%/*}" total="${counts#*/}" line
  line="building the grader $1, $(minutes "$2")"
  if [ "$done" -gt 0 ] && [ "$total" -gt 0 ] && [ $((done * 10)) -ge "$total" ] && [ "$2" -ge 5 ]; then
    local left=$(( $2 * (total - done) / done ))
    [ "$left" -ge 10 ] && line="$line, about $(minutes $(( (left + 9) / 10 * 10 ))) left"
  fi
  local width; width="$(columns)"
  [ "${#line}" -lt "$width" ] || line="building the grader $1"
  printf '%s' "$line"
}

# Builds the grader in a process group of its own (so that it can be stopped whole), showing
# SwiftPM's [done/total] counter on a terminal. Without an index store: nothing reads one for a
# product that is not a test (SwiftPM's test discovery on Linux is what needs it), and every grade
# seals this folder, entry by entry (GraderSeal), where the index was over half of it.
build_grader() {
  local log="$state/grader-build.log"
  make_build_tmp
  set -m
  TMPDIR="${made_build_tmp:-$system_tmp}" swift build --build-system native --disable-index-store --package-path "$root" --scratch-path "$scratch" \
    --product KataGrader >"$log" 2>&1 &
  build_pid=$!
  set +m
  local started=$SECONDS
  while kill -0 "$build_pid" 2>/dev/null; do
    if [ -t 2 ]; then
      step="$(grep -o '^\[[0-9]*/[0-9]*\]' "$log" 2>/dev/null | tail -n 1)"
      [ -n "$step" ] && printf '\r\033[K  %s' "$(build_progress "$step" $((SECONDS - started)))" >&2
    fi
    sleep 0.5
  done
  wait "$build_pid"
  local code=$?
  build_pid=""
  [ -t 2 ] && printf '\r\033[K' >&2
  remove_build_tmp
  # A source change that does not change the binary (Package.swift, a comment) leaves it older
  # than its sources: touch it, or every run would build again.
  [ "$code" -eq 0 ] && touch "$grader" && cksum <"$grader" >"$stamp"
  # An index store left by a grader built before it was built without one: nothing reads it, and
  # every grade's seal would walk it.
  [ "$code" -eq 0 ] && rm -rf "$scratch"/*/debug/index
  return "$code"
}

# Before a build of a minute or more: the arguments whose mistakes are common, checked as the
# grader checks them (Arguments.parse, RoomValidation.checkName, RoomMembership.parseJoinURL), so
# that a mistyped option or a name too long is refused at once, with the usage error's exit 2,
# not after the build. Exercise ids and the rest are the grader's to check, once built.
usage_error() { say "grade.sh: $1"; say "Scripts/grade.sh --help lists the options."; exit 2; }
check_arguments() {
  local known valued i=0 arg next name="" named=false join="" joining=false
  local -a words=("$@")
  # The option table (Options.swift) declares each option once: its names, and whether it takes a value.
  local table="$root/Sources/KataGrading/CLI/Options.swift"
  known=" $(grep -o 'names: \[[^]]*\]' "$table" 2>/dev/null | grep -o '"-[-a-z]*"' | tr -d '"' | tr '\n' ' ') "
  valued=" $(grep -E 'names: \[[^]]*\], takes: \.value' "$table" 2>/dev/null | grep -o 'names: \[[^]]*\]' | grep -o '"--[a-z-]*"' | tr -d '"' | tr '\n' ' ') "
  while [ "$i" -lt "${#words[@]}" ]; do
    arg="${words[$i]}"; next="${words[$((i + 1))]:-}"
    case "$arg" in
      --name) if [ $((i + 1)) -lt "${#words[@]}" ] && [ "${next#-}" = "$next" ]; then named=true; name="$next"; i=$((i + 1)); fi ;;
      --join) [ -n "$next" ] && [ "${next#-}" = "$next" ] || usage_error "--join needs a value."
              joining=true; join="$next"; i=$((i + 1)) ;;
      -*) if [ "${#known}" -gt 40 ]; then
            case "$known" in *" ${arg%%=*} "*) ;; *) usage_error "unknown option $arg." ;; esac
          fi
          case "$valued" in *" $arg "*) i=$((i + 1)) ;; esac ;;
    esac
    i=$((i + 1))
  done
  if $joining; then
    case "$join" in
      http://?*\?room=?*|http://?*\&room=?*) ;;
      *) usage_error "--join: $join is not the room's http:// URL with its ?room=CODE; copy the whole join line the instructor shows." ;;
    esac
    $named || usage_error "--join URL needs --name \"Your Name\"."
  fi
  if $named; then
    local trimmed letters
    trimmed="$(printf '%s' "$name" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')"
    # Characters, not bytes: UTF-8's continuation bytes left out.
    letters="$(printf '%s' "$trimmed" | LC_ALL=C tr -d '\200-\277' | wc -c | tr -d ' ')"
    if [ "$letters" -eq 0 ] || [ "$letters" -gt 40 ]; then
      usage_error "--name: a name must have 1 to 40 characters (this one has $letters)."
    fi
    if printf '%s' "$trimmed" | LC_ALL=C grep -q '[[:cntrl:]]'; then usage_error "--name: a name must not contain control characters."; fi
  fi
}

if grader_is_stale; then
  check_arguments "$@"
  trap stop_build INT TERM HUP
  if [ -x "$grader" ] && [ -f "$stamp" ] && [ "$(cksum <"$grader")" != "$(cat "$stamp")" ]; then
    echo "The grader's binary is not the one grade.sh built; building it again…" >&2
    rm -f "$grader"
  fi
  if [ -x "$grader" ]; then say "Building the grader again: its sources changed…"
  else say "Building the grader, once (then, after your first verdicts, the grader's copy of the kata)…"; fi
  if ! build_grader; then
    # A damaged or half-written build folder is the usual cause: start it afresh once.
    echo "The grader's build folder looks damaged; rebuilding it from scratch…" >&2
    rm -rf "$scratch"
    if ! build_grader; then
      echo "grade.sh: the grader does not build. Last lines of .build/kata/grader-build.log:" >&2
      tail -n 15 "$state/grader-build.log" >&2
      doctor_why="the grader does not build"; doctor_check="build"
      doctor_fix="Send .build/kata/grader-build.log to your instructor."; doctor_not_ready "$@"
      exit 3
    fi
  fi
  trap - INT TERM HUP
fi

exec "$grader" "$root" "$@"
