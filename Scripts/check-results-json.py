#!/usr/bin/env python3
"""Maintainers: checks `grade.sh --json` files against the field table in docs/results-json.md.

The table is the schema: every documented field must be present with its documented type, and no
undocumented field may appear. Also checks the example in the doc itself. Attendees never need
this (the grader does not use Python); the self-test runs it.

Usage: Scripts/check-results-json.py FILE...   (exit 0 when every file conforms)
"""
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "lib"))
from verdicts import verdict_words  # noqa: E402

DOC = Path(__file__).resolve().parent.parent / "docs" / "results-json.md"
VERDICTS = set(verdict_words())
TYPES = {
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
    "array of strings": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
}


def schema_from_doc(text):
    """{"top": {field: type}, "entry": {field: type}} from the doc's `| field | type | meaning |` rows."""
    schema = {"top": {}, "entry": {}}
    for match in re.finditer(r"^\| `([^`]+)` \| ([^|]+?) \|", text, re.M):
        field, kind = match.group(1), match.group(2).strip()
        if field.startswith("exercises[]."):
            schema["entry"][field[len("exercises[]."):]] = kind
        else:
            schema["top"][field] = kind
    return schema


def type_ok(value, kind):
    nullable = kind.endswith(" or null")
    base = kind[: -len(" or null")] if nullable else kind
    if value is None:
        return nullable
    return TYPES[base](value)


def check(document, schema, name):
    problems = []

    def fields(obj, expected, where):
        if not isinstance(obj, dict):
            problems.append(f"{where}: not an object")
            return
        for field, kind in expected.items():
            if field not in obj:
                problems.append(f"{where}.{field}: missing (documented as {kind})")
            elif not type_ok(obj[field], kind):
                problems.append(f"{where}.{field}: {json.dumps(obj[field])[:60]} is not {kind}")
        for field in obj:
            if field not in expected:
                problems.append(f"{where}.{field}: not documented in docs/results-json.md")

    fields(document, schema["top"], name)
    if not isinstance(document, dict):
        return problems
    if document.get("status") not in {"pass", "fail", "error"}:
        problems.append(f"{name}.status: {document.get('status')!r} is not pass, fail or error")
    if (document.get("status") == "error") != (document.get("message") is not None):
        problems.append(f"{name}.message: must be a string exactly when status is error")
    entries = document.get("exercises") or []
    # One exercise may have an entry per track: done and total count exercises, each by the
    # verdict that stands for it (exerciseStatus, the same in every entry of one id).
    standing = {}
    for e in entries:
        if isinstance(e, dict):
            if e.get("id") in standing and standing[e.get("id")] != e.get("exerciseStatus"):
                problems.append(f"{name}: the entries of {e.get('id')} disagree on exerciseStatus")
            standing[e.get("id")] = e.get("exerciseStatus")
            tracks = [t for t in entries if isinstance(t, dict) and t.get("id") == e.get("id")]
            expected = "done" if any(t.get("status") == "done" for t in tracks) else None
            if expected and e.get("exerciseStatus") != expected:
                problems.append(f"{name}: {e.get('id')} has a done track, so its exerciseStatus must be done")
    if document.get("total") != len(standing):
        problems.append(f"{name}.total: {document.get('total')} but {len(standing)} exercises")
    if document.get("done") != sum(1 for s in standing.values() if s == "done"):
        problems.append(f"{name}.done: does not count the done exercises")
    for index, entry in enumerate(entries):
        where = f"{name}.exercises[{index}]"
        fields(entry, schema["entry"], where)
        if not isinstance(entry, dict):
            continue
        for key in ("status", "exerciseStatus"):
            if entry.get(key) not in VERDICTS:
                problems.append(f"{where}.{key}: {entry.get(key)!r} is not a verdict")
        chaffs = entry.get("chaffs")
        if isinstance(chaffs, dict):
            fields(chaffs, {"caught": "number", "total": "number", "missed": "array of strings"}, where + ".chaffs")
    return problems


def main(paths):
    text = DOC.read_text(encoding="utf-8")
    schema = schema_from_doc(text)
    if not schema["top"] or not schema["entry"]:
        print(f"{DOC}: found no field table", file=sys.stderr)
        return 1
    problems = []
    example = re.search(r"```json\n(.*?)```", text, re.S)
    if example:
        problems += check(json.loads(example.group(1)), schema, "docs example")
    for path in paths:
        try:
            document = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            problems.append(f"{path}: cannot read JSON ({error})")
            continue
        problems += check(document, schema, path)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
