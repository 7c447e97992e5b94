#!/usr/bin/env python3
"""Maintainers: how many times a grade enters each of the grader's source files (issue 34).

  Scripts/file-entries.py record TRACE -- GRADE.SH-ARGUMENTS…   (in a checkout; needs gdb)
  Scripts/file-entries.py count TRACE [--list] [--who FILE]

record runs the grader binary grade.sh built (.build/kata/grader/debug/KataGrader) under gdb,
stops at the first call of every function of the grader's modules, writes the stack's frames
(FILE:LINE:SYMBOL, tab-separated) as one line of TRACE, and removes that stop. Child processes
(the supervisor, builds, test binaries) are not traced. Run it as an unprivileged user.

count reads TRACE as a reader following the grade would: a file is entered when one of its
functions is first called from a function of another file; the same file entered again right
after (its caller called a second function of it) is one visit; code the compiler made (outlined
copies, thunks, accessors of metadata and witness tables, forwarders, value witnesses such as
copy and destroy, derived ==, a global's addressor, the getter of a stored property and a memberwise
init) is skipped. It prints the
entries, the distinct files, the returns to a file already visited, the most entered files, and
with --list the ordered file list; --who FILE lists what entered FILE, and from where.
"""
import collections, os, re, subprocess, sys

OURS = ("$s11KataGrading", "$s15KataGradingCore", "$s12KataVerdicts", "$s15KataBuildReplay",
        "$s8KataRoom", "$s10KataGrader")  # the grader's modules' symbols

def record(trace, arguments):
    root = os.getcwd()
    grader = os.path.join(root, ".build/kata/grader/debug/KataGrader")
    symbols = subprocess.run(["nm", grader], capture_output=True, text=True, check=True).stdout
    offsets = [l.split()[0] for l in symbols.splitlines()
               if len(l.split()) == 3 and l.split()[1] in "Tt" and l.split()[2].startswith(OURS)]
    with open(trace + ".offsets", "w") as listing:
        listing.write("\n".join(offsets))
    os.environ["TRACE_OUT"] = trace
    os.execvp("gdb", ["gdb", "-batch", "-nx", "-x", os.path.abspath(__file__), "--args", grader, root]
              + arguments)

def in_gdb():
    import gdb
    out = open(os.environ["TRACE_OUT"], "w")
    for setting in ("pagination off", "confirm off", "print thread-events off", "detach-on-fork on"):
        gdb.execute("set " + setting)
    gdb.execute("starti")
    exe, base = gdb.selected_inferior().progspace.filename, 0
    for line in gdb.execute("info proc mappings", to_string=True).splitlines():
        if line.strip().endswith(exe):
            base = int(line.split()[0], 16)
            break
    for offset in open(os.environ["TRACE_OUT"] + ".offsets").read().split():
        gdb.Breakpoint("*0x%x" % (base + int(offset, 16)), internal=True, temporary=True).silent = True
    def stopped(event):
        if not isinstance(event, gdb.BreakpointEvent):
            return
        frame, cells = gdb.newest_frame(), []
        while frame is not None and len(cells) < 24:
            sal = frame.find_sal()
            cells.append("%s:%d:%s" % (sal.symtab.filename if sal.symtab else "", sal.line, frame.name() or "?"))
            frame = frame.older()
        out.write("\t".join(cells) + "\n")
    gdb.events.stop.connect(stopped)
    while True:
        try:
            gdb.execute("continue")
        except gdb.error:
            break
    out.close()

MADE = ("outlined ", "lazy ", "partial apply", "type metadata", "protocol witness", "key path",
        "thunk ", "reabstraction", "merged ", "value witness", "associated type", "nominal type",
        "protocol conformance", "generic ", "initializeWithCopy ", "initializeWithTake ", "assignWithCopy ",
        "assignWithTake ", "destroy ", "initializeBufferWithCopyOfBuffer ", "storeEnumTagSinglePayload ",
        "getEnumTagSinglePayload ", "getEnumTag ", "destructiveProjectEnumData ", "destructiveInjectEnumTag ",
        "storeEnumTagMultiPayload ")
MADE_WITHIN = (".unsafeMutableAddressor", "__derived_")  # a global's or static's address; derived ==
# Accessors and initializers the compiler wrote for a declaration that has no body of its own: the
# getter of a stored property, a struct's memberwise init (their line is the declaration's).
STORED = re.compile(r"^\s*(@\w+(\([^)]*\))?\s+)*((public|private|fileprivate|internal|package|final|static|"
                    r"nonisolated|lazy|weak|unowned|private\(set\))\s+)*(let|var)\s[^{]*$")
TYPE = re.compile(r"^\s*((public|private|fileprivate|internal|package|final|indirect)\s+)*(struct|class|enum|actor)\s")
ACCESSOR = re.compile(r"(getter|setter|modify|read|init)\b")

def synthesized(path, line, name, lines={}):
    """A getter of a stored property or a memberwise init: the compiler's, not the file's code."""
    if not ACCESSOR.search(name.split("(")[0]):
        return False
    if path not in lines:
        try:
            lines[path] = open(path, encoding="utf-8").read().splitlines()
        except OSError:
            lines[path] = []
    text = lines[path][line - 1] if 0 < line <= len(lines[path]) else ""
    return bool(STORED.match(text) or TYPE.match(text))
INLINE = ("closure #", "implicit closure #")

def count(trace, options):
    rows = [r.rstrip("\n").split("\t") for r in open(trace)]
    cell = lambda c: (c.rsplit(":", 2)[0], c.rsplit(":", 2)[2]) if c.count(":") >= 2 else ("", "")
    names = sorted({cell(c)[1] for r in rows for c in r if cell(c)[1]})
    human = dict(zip(names, subprocess.run(["swift-demangle", "--compact", "--simplified"], input="\n".join(names),
                                           capture_output=True, text=True, check=True).stdout.splitlines()))
    def source(c):  # None for code the compiler made, or a library's generic code made for ours
        path, symbol = cell(c)
        at, line = path.find("/Sources/"), int(c.rsplit(":", 2)[1] or 0) if c.count(":") >= 2 else 0
        name = human.get(symbol, symbol)
        ours = symbol.startswith(OURS) and not name.startswith(MADE) and not any(m in name for m in MADE_WITHIN) \
            and not synthesized(path, line, name)
        return path[at + 9:] if at >= 0 and ours else None
    order, who = [], []
    for r in rows:
        callee = source(r[0])
        caller = next((c for c in r[1:] if source(c) is not None), None)
        # A closure is read with the function it is written in, wherever it is called from.
        if callee is None or source(caller or "") == callee or human[cell(r[0])[1]].startswith(INLINE):
            continue
        who.append((callee, human[cell(r[0])[1]], source(caller or ""), human.get(cell(caller or "")[1], "")))
        if not order or order[-1] != callee:
            order.append(callee)
    seen, returns = set(), 0
    for path in order:
        returns += path in seen
        seen.add(path)
    most = collections.Counter(order).most_common(10)
    print("entries %d, distinct files %d, returns to a file already visited %d" % (len(order), len(seen), returns))
    print("entered most: " + ", ".join("%s %d" % (p.split("/")[-1], n) for p, n in most))
    if "--list" in options:
        print("\n".join("%3d %s" % (i, p) for i, p in enumerate(order, 1)))
    if "--who" in options:
        target = options[options.index("--who") + 1]
        print("\n".join("%s  <-  %s  %s" % (f[:80], p, c[:60]) for t, f, p, c in who if t.endswith(target)))

if __name__ == "__main__":
    if "gdb" in sys.modules:
        in_gdb()
    elif len(sys.argv) > 3 and sys.argv[1] == "record" and sys.argv[3] == "--":
        record(sys.argv[2], sys.argv[4:])
    elif len(sys.argv) > 2 and sys.argv[1] == "count":
        count(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
