import Foundation
import KataGradingCore
import KataRoom

/// `--name ["NAME"]`: says which name signs the JSON results and stands in the room, or sets it.
/// One name everywhere: `--join --name` sets it too, and a new name reaches the joined room.
enum NameCommand {
    static func run(_ name: String?, paths: KataPaths) throws -> Int32 {
        let link = RoomCommands.link(paths)
        guard let name else {
            let current = Attendee.load(paths).name
            var line = "Your name is \(current): it signs your JSON results"
            if let joined = link.membership { line += " and stands in room \(joined.code) at \(joined.room.absoluteString)" }
            print(line + ". Change it with: " + ShellCommand.grade("--name", "Your Name").line)
            return GradeCommand.exitDone
        }
        let checked: String
        do { checked = try RoomValidation.checkName(name) } catch {
            // The room's rule, so that a name that signs the results can always join a room too.
            let why: String
            if case .invalid(let reason) = error as? RoomError { why = reason } else { why = "\(error)" }
            StandardError().write("grade.sh --name: \(why). For example: \(ShellCommand.grade("--name", "Ana Lima").line)\n")
            return GradeCommand.exitUsage
        }
        try Attendee.save(checked, paths)
        print("Your name is now \(checked): it signs your JSON results.")
        if let joined = link.membership, joined.name != checked {
            let joinLine = ShellCommand.grade("--join", "\(joined.room.absoluteString)/?room=\(joined.code)", "--name", checked).line
            do {
                _ = try link.join(url: "\(joined.room.absoluteString)/?room=\(joined.code)", name: checked, timeout: 3)
                print("Room \(joined.code) shows it too.")
            } catch {
                // The room's own line ends its sentence already ("…the instructor shows.").
                let why = "\(error)"
                print("Room \(joined.code) still shows \(joined.name): \(why.hasSuffix(".") ? why : why + ".") When it is back, run: \(joinLine)")
            }
        }
        return GradeCommand.exitDone
    }
}
