import Foundation

/// `--check [--json]`: the maintainers' consistency check, as text or JSON. `--check FILE…`
/// checks those results files (`--json` output) against docs/results-json.md, and nothing else.
enum CheckCommand {
    static func run(_ paths: KataPaths, json: JSONOutput?, files: [String] = []) -> Int32 {
        let check = MaintainerCheck(paths: paths)
        let results = files.isEmpty ? check.run() : [check.resultsFiles(files)]
        if json == .standardOutput {
            FileHandle.standardOutput.write(MaintainerCheck.json(results))
        } else {
            print(MaintainerCheck.text(results))
        }
        return results.allSatisfy(\.ok) ? GradeCommand.exitDone : GradeCommand.exitNotDone
    }
}
