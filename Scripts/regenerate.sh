#!/usr/bin/env bash
# Maintainers: regenerate what is derived from the catalog, after adding or editing an exercise:
#   - Catalog/starters.json, the fingerprints that tell a shipped starter from an edited one;
#   - Catalog/sources.json, the fingerprints of the kata's own files that every grade checks
#     (catalog, legacy and grader sources, Package.swift, grade.sh): after any change to them;
#   - Tests/KataCasesTests/WeakSuiteCases.swift, one Swift test per weak suite of Tests/Fixtures/
#     (grade.sh --refresh-starters writes it): after adding, renaming or removing one;
#   - the exercise index in README.md, between its two "exercise-index" markers.
# Never run it on a checkout with attendee work in Exercises/: it would record that work as starters.
# The self-test fails while any of them is stale.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
grade="$root/Scripts/grade.sh"

"$grade" --refresh-starters

index="$(mktemp)"
trap 'rm -f "$index"' EXIT
"$grade" --index >"$index"
awk -v index_file="$index" '
  /<!-- exercise-index:start -->/ { print; while ((getline line < index_file) > 0) print line; skipping = 1; next }
  /<!-- exercise-index:end -->/ { skipping = 0 }
  !skipping { print }
' "$root/README.md" >"$root/README.md.new"
mv "$root/README.md.new" "$root/README.md"
echo "Regenerated the exercise index in README.md."
