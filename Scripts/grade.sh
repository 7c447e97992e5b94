#!/usr/bin/env bash
# The attendee's entry point. Builds the grader when its own sources changed, then runs it.
# Works from any directory: the kata is the folder above this script.
# All the logic lives in Sources/KataGrading, where the kata's own tests can reach it.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"

if [ ! -f "$root/Package.swift" ] || [ ! -f "$root/Catalog/catalog.json" ]; then
  echo "grade.sh: $root is not a complete kata checkout (Package.swift or Catalog/catalog.json is missing)." >&2
  echo "Run the grade.sh that sits in the kata's Scripts/ folder, or restore the files with git." >&2
  exit 3
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "grade.sh: no 'swift' command on the PATH." >&2
  echo "Install Swift 6 (https://www.swift.org/install), then open a new terminal and check 'swift --version'." >&2
  exit 3
fi

scratch="$root/.build/kata/grader"
grader="$scratch/debug/KataGrader"

grader_is_stale() {
  [ ! -x "$grader" ] && return 0
  [ -n "$(find "$root/Sources/KataGrading" "$root/Sources/KataGrader" "$root/Sources/KataRoom" -newer "$grader" -print -quit 2>/dev/null)" ]
}

build_grader() {
  swift build --package-path "$root" --scratch-path "$scratch" --product KataGrader >"$root/.build/kata/grader-build.log" 2>&1
}

if grader_is_stale; then
  mkdir -p "$root/.build/kata"
  echo "Building the grader…" >&2
  if ! build_grader; then
    # A damaged or half-written build folder is the usual cause: start it afresh once.
    echo "The grader's build folder looks damaged; rebuilding it from scratch…" >&2
    rm -rf "$scratch"
    if ! build_grader; then
      echo "grade.sh: the grader does not build. Last lines of .build/kata/grader-build.log:" >&2
      tail -n 15 "$root/.build/kata/grader-build.log" >&2
      exit 3
    fi
  fi
fi

exec "$grader" "$root" "$@"
