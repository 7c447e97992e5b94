import Foundation
import KataGrading
import KataGradingCore

// Scripts/grade.sh runs this with the kata's root as the first argument. The grader also runs
// itself as the supervisor of each child process it starts (see `Supervisor`), and, taking
// macOS's decisions on Linux, as the macOS tools its run plans name (see `StandIn`).
// Everything lives in `runGrader()`'s scope, not in globals: the runner of child processes made here
// is the one every command passes down.
func runGrader() -> Int32 {
    var words = Array(CommandLine.arguments.dropFirst())
    if words.first == Supervisor.flag {
        return Supervisor.main()
    }
    if words.first == TestInvocation.standInFlag {
        return StandIn.main(Array(words.dropFirst()))
    }
    let root = words.isEmpty ? FileManager.default.currentDirectoryPath : words.removeFirst()
    let paths = KataPaths(root: URL(fileURLWithPath: root))
    // A TMPDIR that cannot hold temporary files (missing, read-only) is said once, here, and replaced
    // for everything this grade starts.
    if let notice = TemporaryRoot.notice() {
        FileHandle.standardError.write(Data((notice + "\n").utf8))
        setenv("TMPDIR", "/tmp", 1)
    }
    // The children's temporary folders live outside the checkout, at a path of plain ASCII that stays
    // the same from one grade to the next (`TemporaryRoot`).
    let temporaryRoot = TemporaryRoot.folder(for: paths)
    let runner = ProcessRunner()
    if let supervisor = TestPlatform.graderExecutable {
        runner.adopt(executable: supervisor, temporaryRoot: temporaryRoot,
                     subreaper: TestPlatform.decidingSystem().reliesOnSubreaper)
    }
    let status = GradeCommand.main(arguments: words, paths: paths, runner: runner)
    TemporaryRoot.removeIfEmpty(temporaryRoot)
    return status
}

exit(runGrader())
