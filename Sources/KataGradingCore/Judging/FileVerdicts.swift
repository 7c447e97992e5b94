/// The verdicts of an exercise whose file the grader could not take: gone (perhaps renamed or
/// moved: then the file that looks like it is named, with the command that moves it back), or
/// there but unreadable. Never advice that would throw the attendee's work away.
extension Judge {
    /// `line` says which file, its permissions and owner, and the `chmod` that fixes it.
    public static func unreadableFile(_ line: String) -> Verdict {
        Verdict(kind: .doesNotCompile, reason: line,
                next: "Give yourself read access to it (the command above), then grade again. The grader only reads your files, so it cannot fix this itself.")
    }

    public static func movedFile(_ path: String, lookalike: String, because why: String) -> Verdict {
        Verdict(kind: .doesNotCompile, reason: "\(path) is missing, and \(lookalike) looks like it (\(why)).",
                next: "The grader finds each exercise's file by its name and folder. Move yours back with: \(ShellCommand("mv", lookalike, path).line)")
    }

    public static func goneFile(_ path: String, exercise: Catalog.Exercise) -> Verdict {
        Verdict(kind: .doesNotCompile, reason: "\(path) is missing.",
                next: "If you renamed or moved it, move it back to \(path). Otherwise restore the starter with: \(ShellCommand.grade("--reset", exercise.key).line)")
    }

    /// A file that was missing when the grade copied it, readable again when the grade looked why.
    public static func fileCameBack(_ exercise: Catalog.Exercise) -> Verdict {
        Verdict(kind: .doesNotCompile, reason: "a file of \(exercise.key) changed while it was graded.",
                next: "Grade it again: " + ShellCommand.grade(exercise.key).line)
    }
}
