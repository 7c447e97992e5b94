#!/usr/bin/env python3
"""Checks that every command the kata prints for a person to paste means the same in zsh, bash
and fish: the join line, `swift test --filter ...`, `mv`, `chmod`, `Scripts/grade.sh ...`.

    check-pasted-commands.py [--output FILE]... [--docs FILE.md]... [--line COMMAND]...

--output FILE  text the grader printed (or a room page / its JSON): each command in it is found
               where it starts (Scripts/grade.sh, swift test, mv, chmod, sudo, git ...) and ends
               where its sentence goes on (end of line, a backtick, " (", ", ", ". ", ...).
--docs FILE    a Markdown file: every line of its ```sh blocks is a command; in its other
               blocks (a terminal's output), commands are found as in --output.
--line CMD     one command as it is.

Each command is run, with every program it names replaced by a stub that records its arguments,
in an empty scratch folder (holding only stubs of Scripts/ and results/machine-1.json, so that the
docs' `--merge results/*.json` has something to match): by bash with failglob, by zsh as a paste
into an interactive zsh would read it (`zsh -f -i`: no comments, a glob that matches nothing is an
error), and by fish when it is installed. It passes when each shell parses it (`-n`), runs it
without an error, and every shell hands the programs the same words. An unquoted `?`, `*` or `[`
fails in zsh and fish; a `#` comment, a `$` or a backslash that the shells read apart fails the
comparison. Exit 0 when every command passes, 1 when one fails, 2 when an --output file holds no
command at all (the check would prove nothing).
"""
import os
import pwd
import re
import shutil
import subprocess
import sys
import tempfile

STARTS = re.compile(r"(?:(?<=^)|(?<=[\s:`(]))(?:bash Scripts/grade\.sh|Scripts/grade\.sh|swift (?:test|build|package)"
                    r"|mv|chmod|chown|sudo|git (?:clone|apply|clean|status))(?=\s|$)")
STUBS = ["swift", "git", "mv", "chmod", "chown", "sudo", "bash", "open", "xcode-select", "rm", "cp", "ls", "cat",
         "curl", "python3", "xcrun", "cut", "grep", "sort", "head", "tail"]
SCRIPTS = ["grade.sh", "selftest.sh", "laptop-selftest.sh", "room-selftest.sh", "bench.sh", "regenerate.sh",
           "repeat-grades.sh"]
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def joined_lines(text):
    """Lines, with a trailing ` \\` continuation joined to the next one, as a shell reads them."""
    out, pending = [], ""
    for line in ANSI.sub("", text).splitlines():
        if line.endswith(" \\"):
            pending += line[:-1]
            continue
        out.append(pending + (line.strip() if pending else line))
        pending = ""
    if pending:
        out.append(pending)
    return out


def command_at(line, start):
    """The command that starts at `start`, up to where the sentence around it goes on."""
    quote, i, end = None, start, len(line)
    while i < len(line):
        c = line[i]
        if quote:
            if c == quote:
                quote = None
            elif c == "\\" and quote == '"':
                i += 1
        elif c in "'\"":
            quote = c
        elif c == "\\":
            i += 1
        else:
            rest = line[i + 1:]
            if c in "`);" or (c == "(" and line[i - 1] == " ") or (c in ",?" and (rest == "" or rest[0] == " ")) \
                    or (c == "." and (rest == "" or rest[0] in " \"")) or line.startswith(" — ", i):
                end = i
                break
        i += 1
    return line[start:end].strip()


def commands_in_output(text):
    found = []
    for line in joined_lines(text):
        for match in STARTS.finditer(line):
            command = command_at(line, match.start())
            if command and command not in found:
                found.append(command)
    return found


def commands_in_docs(text):
    found, block = [], None
    for line in joined_lines(text):
        fence = re.match(r"^\s*```(\S*)", line)
        if fence:
            block = None if block is not None else fence.group(1)
            continue
        if block is None:
            continue
        if block in ("sh", "bash", "zsh", "shell"):
            if line.strip():
                found.append(line.strip())
        elif block in ("", "text", "console"):
            found += commands_in_output(line)
    return found


class Shells:
    def __init__(self):
        self.scratch = tempfile.mkdtemp(prefix="pasted-commands.")
        self.bin = os.path.join(self.scratch, "bin")
        self.cwd = os.path.join(self.scratch, "work")
        self.log = os.path.join(self.scratch, "log")
        for folder in (self.bin, os.path.join(self.cwd, "Scripts"), os.path.join(self.cwd, "results"), self.log):
            os.makedirs(folder)
        open(os.path.join(self.cwd, "results", "machine-1.json"), "w").close()
        stub = "#!/bin/sh\n{ printf '<%s>\\n' \"${0##*/}\" \"$@\"; printf -- '--\\n'; } > \"$PASTE_LOG/$$\"\n"
        for name in STUBS + ["Scripts/" + script for script in SCRIPTS]:
            path = os.path.join(self.cwd, name) if "/" in name else os.path.join(self.bin, name)
            with open(path, "w") as f:
                f.write(stub)
            os.chmod(path, 0o755)
        record = "printf '<%s>\\n' cd {args} > \"$PASTE_LOG/cd\"; printf '%s\\n' -- >> \"$PASTE_LOG/cd\""
        posix_cd = "cd() { " + record.format(args='"$@"') + "; }\n"
        # By their full paths: the commands run with only the stubs on the PATH.
        self.missing = [name for name in ("bash", "zsh") if not shutil.which(name)]
        # zsh reads the command from its standard input, as an interactive shell reads a paste:
        # then `#` starts no comment (INTERACTIVE_COMMENTS is off by default) and `!` is history.
        self.shells = [("bash", [shutil.which("bash") or "bash", "--norc", "--noprofile"], "shopt -s failglob\n" + posix_cd),
                       ("zsh", [shutil.which("zsh") or "zsh", "-f"], posix_cd)]
        if shutil.which("fish"):
            self.shells.append(("fish", [shutil.which("fish"), "--no-config"], "function cd; " + record.format(args="$argv") + "; end\n"))

    def run(self, command):
        """None when every shell reads `command` alike and runs it cleanly, else why not."""
        seen = {}
        for name, argv, prelude in self.shells:
            syntax = subprocess.run(argv + ["-n", "-c", command], capture_output=True, text=True, timeout=20)
            if syntax.returncode != 0:
                return f"{name} -n: {(syntax.stderr or syntax.stdout).strip()}"
            shutil.rmtree(self.log)
            os.makedirs(self.log)
            env = {"PATH": self.bin, "HOME": self.scratch, "USER": pwd.getpwuid(os.getuid()).pw_name, "PASTE_LOG": self.log,
                   "TERM": "dumb", "LANG": "C.UTF-8", "PS1": ""}
            if name == "zsh":
                ran = subprocess.run(argv + ["-i", "+o", "promptsp", "+o", "promptcr"], input=prelude + command + "\n", cwd=self.cwd,
                                     env=env, capture_output=True, text=True, timeout=20)
            else:
                ran = subprocess.run(argv + ["-c", prelude + command], cwd=self.cwd, env=env, capture_output=True,
                                     text=True, timeout=20, stdin=subprocess.DEVNULL)
            if ran.returncode != 0 or ran.stderr.strip():
                return f"{name}: exit {ran.returncode}: {ran.stderr.strip()}"
            records = []
            for entry in sorted(os.listdir(self.log)):
                with open(os.path.join(self.log, entry)) as f:
                    records.append(f.read())
            seen[name] = sorted(records)
            if not records:
                return f"{name} ran no program of it"
        first = self.shells[0][0]
        for name, words in seen.items():
            if words != seen[first]:
                return f"{first} and {name} read it apart:\n      {first}: {words_of(seen[first])}\n      {name}: {words_of(words)}"
        return None


def words_of(records):
    return " | ".join(" ".join(re.findall(r"<(.*?)>", r, re.S)) for r in records)


def main(args):
    sources = []  # (label, commands, must find some)
    i = 0
    while i < len(args):
        flag, value = args[i], args[i + 1] if i + 1 < len(args) else None
        if flag in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if value is None or flag not in ("--output", "--docs", "--line"):
            usage = next(line for line in __doc__.splitlines() if "check-pasted-commands.py [" in line)
            print("usage: " + usage.strip() + "  (--help says more)", file=sys.stderr)
            return 2
        if flag == "--line":
            sources.append(("--line", [value], True))
        else:
            with open(value, encoding="utf-8", errors="replace") as f:
                text = f.read()
            sources.append((value, commands_in_docs(text) if flag == "--docs" else commands_in_output(text), flag == "--output"))
        i += 2
    shells = Shells()
    if shells.missing:
        print("pasted commands: not installed: " + ", ".join(shells.missing), file=sys.stderr)
        return 2
    failed, checked, empty = 0, 0, []
    try:
        for label, commands, must in sources:
            if must and not commands:
                empty.append(label)
            for command in commands:
                checked += 1
                why = shells.run(command)
                if why:
                    failed += 1
                    print(f"  {label}: {command}\n    {why}")
    finally:
        shutil.rmtree(shells.scratch, ignore_errors=True)
    names = ", ".join(name for name, _, _ in shells.shells)
    print(f"pasted commands: {checked} checked in {names}, {failed} read apart or failed"
          + (f"; no command found in {', '.join(empty)}" if empty else ""))
    return 1 if failed else 2 if empty else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
