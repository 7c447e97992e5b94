import Foundation
import KataGrading
import KataGradingCore

// Scripts/grade.sh runs this with the kata's root as the first argument. The grader also runs
// itself as the supervisor of each child process it starts (see `Supervisor`).
var words = Array(CommandLine.arguments.dropFirst())
if words.first == Supervisor.flag {
    exit(Supervisor.main())
}
let root = words.isEmpty ? FileManager.default.currentDirectoryPath : words.removeFirst()
let paths = KataPaths(root: URL(fileURLWithPath: root))
// On Linux /proc/self/exe is this very binary even if a test replaces the file at its path
// (the link is resolved in each child before it runs anything else).
let supervisor = FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : Bundle.main.executablePath
// The children's temporary folders live outside the checkout, at a path of plain ASCII that stays
// the same from one grade to the next (`TemporaryRoot`).
let temporaryRoot = TemporaryRoot.folder(for: paths)
if let supervisor {
    ProcessRunner.shared.adopt(executable: supervisor, temporaryRoot: temporaryRoot)
}
let status = GradeCommand.main(arguments: words, root: paths.root)
TemporaryRoot.removeIfEmpty(temporaryRoot)
exit(status)
