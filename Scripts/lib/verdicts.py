"""The verdict words, read from their one definition: Sources/KataVerdicts/VerdictKind.swift."""
import re
from pathlib import Path


def verdict_words(root=Path(__file__).resolve().parents[2]):
    """Every verdict's words, in the order VerdictKind declares them."""
    text = (Path(root) / "Sources" / "KataVerdicts" / "VerdictKind.swift").read_text(encoding="utf-8")
    body = text[text.index("enum VerdictKind"):text.index("public var counts")]
    return [m.group(2) or m.group(1) for m in re.finditer(r'^\s*case (\w+)(?: = "([^"]+)")?\s*$', body, re.M)]
