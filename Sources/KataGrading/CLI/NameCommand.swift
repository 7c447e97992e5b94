import Foundation

/// `--name ["NAME"]`: says who the JSON results are signed by, or signs them.
enum NameCommand {
    static func run(_ name: String?, paths: KataPaths) throws -> Int32 {
        guard let name else {
            print("Your results are signed: \(Attendee.load(paths).name). Change it with Scripts/grade.sh --name \"Your Name\".")
            return GradeCommand.exitDone
        }
        try Attendee.save(name, paths)
        print("Your results will be signed: \(Attendee.load(paths).name).")
        return GradeCommand.exitDone
    }
}
