#!/usr/bin/env bash
# Maintainers: regenerate what is derived from the catalog, after adding or editing an exercise:
#   - Sources/KataRoom/RoomPageFiles.swift, the room's page as the grader embeds it, from its files
#     in Sources/KataRoom/Page/ (Scripts/room-page.sh): after editing the page, first, since the
#     fingerprints below record it;
#   - Catalog/starters.json, the text of every shipped starter, which tells a shipped starter from an
#     edited one and which --reset writes;
#   - Catalog/sources.json, the fingerprints of the kata's own files that every grade checks
#     (catalog, legacy and grader sources, Package.swift, grade.sh): after any change to them;
#   - Tests/KataCasesTests/WeakSuiteCases.swift and AttackCases.swift, one Swift test per weak suite
#     of Tests/Fixtures/ and per attack of Tests/Attacks/ (grade.sh --refresh-starters writes them):
#     after adding, renaming or removing one;
#   - what README.md and docs/ say of the catalog and the verdicts, between their markers
#     (`<!-- NAME:start -->` … `<!-- NAME:end -->`): the exercise index, the verdict table, the
#     words of a results file's statuses, the room grid's key (GeneratedDocs).
# Never run it on a checkout with attendee work in Exercises/: it would record that work as starters.
# The self-test fails while any of them is stale.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
grade="$root/Scripts/grade.sh"

"$root/Scripts/room-page.sh"

"$grade" --refresh-starters

"$grade" --refresh-docs

