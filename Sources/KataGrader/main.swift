import Foundation
import KataGrading

// Scripts/grade.sh runs this with the kata's root as the first argument.
var words = Array(CommandLine.arguments.dropFirst())
let root = words.isEmpty ? FileManager.default.currentDirectoryPath : words.removeFirst()
exit(GradeCommand.main(arguments: words, root: URL(fileURLWithPath: root)))
