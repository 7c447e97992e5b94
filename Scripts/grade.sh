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

if [ ! -f "$root/Package.swift" ] || [ ! -f "$root/Catalog/catalog.json" ]; then
  echo "grade.sh: $root is not a complete kata checkout (Package.swift or Catalog/catalog.json is missing)." >&2
  echo "Run the grade.sh that sits in the kata's Scripts/ folder, or restore the files with git." >&2
  exit 3
fi
# `--doctor` (the pre-workshop check) when what it would check cannot even start: its summary
# line, for the attendee to paste to the instructor with the lines above it.
doctor_not_ready() {
  for arg in "$@"; do
    [ "$arg" = "--doctor" ] || continue
    echo "kata-doctor NOT READY ($doctor_why) | $(uname -sr) | $(if command -v swift >/dev/null 2>&1; then swift --version 2>&1 | head -n 1; else echo "no swift"; fi)" >&2
    echo "Paste that line, with the lines above it, to your instructor." >&2
  done
}
if ! command -v swift >/dev/null 2>&1; then
  echo "grade.sh: no 'swift' command on the PATH." >&2
  echo "Install Swift 6 (https://www.swift.org/install), then open a new terminal and check 'swift --version'." >&2
  doctor_why="no swift on the PATH"; doctor_not_ready "$@"
  exit 3
fi

# As root in a checkout that is not root's, every file a grade makes under .build would be root's,
# and its owner's next grade could not write there: refused before anything is built or run.
owner_fix="cd $(shell_word "$root") && sudo chown -R \"\$USER\" .build"
if [ "$(id -u)" = 0 ] && [ ! -O "$root" ]; then
  echo "grade.sh: not as root: this checkout belongs to another user, and what a root grade writes under .build would stop that user's next grade." >&2
  echo "Run Scripts/grade.sh without sudo. If an earlier sudo grade left files there, give them back: $owner_fix" >&2
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
    echo "grade.sh: $state belongs to another user (a grade run with sudo?), so no grade of yours can write there." >&2
    echo "Give it back: $owner_fix" >&2
    exit 3
  fi
  echo "grade.sh: cannot write $state, where the grader keeps its build." >&2
  echo "Make the checkout writable, or clone the kata into a folder of yours. To make it writable: chmod -R u+w $(shell_word "$root")" >&2
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
  while kill -0 "$build_pid" 2>/dev/null; do
    if [ -t 2 ]; then
      step="$(grep -o '^\[[0-9]*/[0-9]*\]' "$log" 2>/dev/null | tail -n 1)"
      [ -n "$step" ] && printf '\r\033[K  building the grader %s' "$step" >&2
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

if grader_is_stale; then
  trap stop_build INT TERM HUP
  if [ -x "$grader" ] && [ -f "$stamp" ] && [ "$(cksum <"$grader")" != "$(cat "$stamp")" ]; then
    echo "The grader's binary is not the one grade.sh built; building it again…" >&2
    rm -f "$grader"
  fi
  echo "Building the grader (the first time takes a minute or two)…" >&2
  if ! build_grader; then
    # A damaged or half-written build folder is the usual cause: start it afresh once.
    echo "The grader's build folder looks damaged; rebuilding it from scratch…" >&2
    rm -rf "$scratch"
    if ! build_grader; then
      echo "grade.sh: the grader does not build. Last lines of .build/kata/grader-build.log:" >&2
      tail -n 15 "$state/grader-build.log" >&2
      doctor_why="the grader does not build"; doctor_not_ready "$@"
      exit 3
    fi
  fi
  trap - INT TERM HUP
fi

exec "$grader" "$root" "$@"
