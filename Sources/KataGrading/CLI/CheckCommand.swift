import Foundation

/// `--check [--json]`: the maintainers' consistency check, as text or JSON.
enum CheckCommand {
    static func run(_ paths: KataPaths, json: JSONOutput?) -> Int32 {
        let results = MaintainerCheck(paths: paths).run()
        if json == .standardOutput {
            FileHandle.standardOutput.write(MaintainerCheck.json(results))
        } else {
            print(MaintainerCheck.text(results))
        }
        return results.allSatisfy(\.ok) ? GradeCommand.exitDone : GradeCommand.exitNotDone
    }
}
