import Foundation
import KataGrading

// Scripts/grade.sh runs this with the kata's root as the first argument. The grader also runs
// itself as the supervisor of each child process it starts (see `Supervisor`).
var words = Array(CommandLine.arguments.dropFirst())
if words.first == Supervisor.flag {
    exit(Supervisor.main(Array(words.dropFirst())))
}
let root = words.isEmpty ? FileManager.default.currentDirectoryPath : words.removeFirst()
let paths = KataPaths(root: URL(fileURLWithPath: root))
if let executable = Bundle.main.executablePath {
    ProcessRunner.shared.adopt(executable: executable, temporaryRoot: paths.state.appendingPathComponent("tmp"))
}
exit(GradeCommand.main(arguments: words, root: paths.root))
