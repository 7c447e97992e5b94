import Foundation
import KataGradingCore

/// SwiftPM's build plan (`.build/debug.yaml`): the commands `swift build` runs, with their tools,
/// inputs, outputs and arguments. `TrackRelink` follows it to rebuild a Swift Testing track
/// without SwiftPM.
public struct SwiftPMPlan {
    /// One command of the plan.
    struct Command: Equatable {
        var tool = ""
        var keys: Set<String> = []
        /// Inputs, outputs and arguments as the plan spells them (JSON arrays), read only when
        /// asked: the plan holds hundreds of commands, and the link's inputs name every object.
        var rawInputs: Substring = ""
        var rawOutputs: Substring = ""
        var rawArguments: Substring = ""

        var inputs: [String] { SwiftPMPlan.jsonStrings(rawInputs) ?? [] }
        var outputs: [String] { SwiftPMPlan.jsonStrings(rawOutputs) ?? [] }
        var arguments: [String] { SwiftPMPlan.jsonStrings(rawArguments) ?? [] }
    }

    var commands: [Command]

    /// The plan of the package in `directory`.
    public static func url(inPackage directory: URL) -> URL {
        directory.appendingPathComponent(".build/debug.yaml")
    }

    /// The plan's size and modification time, or "" when there is none: a plan written since a
    /// build is not the one that build followed.
    public static func stamp(inPackage directory: URL) -> String {
        stamp(of: url(inPackage: directory))
    }

    /// A file's size and modification time, or "" when there is none.
    static func stamp(of file: URL) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date else { return "" }
        return "\(size)-\(date.timeIntervalSince1970)"
    }

    /// The `commands:` entries of the YAML SwiftPM writes: a command's name indented by two
    /// spaces, its `key: value` lines by four. Read as bytes: the plan is half a megabyte.
    init(text: String) {
        let space = UInt8(ascii: " "), quote = UInt8(ascii: "\""), colon = UInt8(ascii: ":")
        var commands: [Command] = []
        var inCommands = false
        var current: Command?
        func finish() { if let command = current { commands.append(command) }; current = nil }
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            let indent = line.prefix { $0 == space }.count
            if indent == 0 {
                finish()
                inCommands = line.elementsEqual("commands:".utf8)
                continue
            }
            guard inCommands else { continue }
            let rest = line.dropFirst(indent)
            if indent == 2, rest.first == quote {
                finish()
                current = Command()
            } else if indent == 4, current != nil, let at = rest.firstIndex(of: colon) {
                guard let key = String(rest[..<at]) else { continue }
                let value = Substring(rest[rest.index(after: at)...]).drop { $0 == " " }
                current?.keys.insert(key)
                switch key {
                case "tool": current?.tool = String(value)
                case "inputs": current?.rawInputs = value
                case "outputs": current?.rawOutputs = value
                case "args": current?.rawArguments = value
                default: break
                }
            }
        }
        finish()
        self.commands = commands
    }

    static func jsonStrings(_ text: Substring) -> [String]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String]
    }

    /// The one plain shell command that writes `relative` in `build` (symbolic links resolved, as
    /// SwiftPM writes its plan), or nil: none, several, one with settings the grader does not
    /// reproduce (an environment, say), or one made for another place (a copied checkout).
    func command(making relative: String, in build: URL) -> Command? {
        let known: Set<String> = ["tool", "inputs", "outputs", "description", "args"]
        let expected = build.appendingPathComponent(relative).path
        let matches = commands.filter { command in
            command.rawOutputs.contains(relative)
                && command.outputs.contains { $0.hasSuffix("/" + relative) && URL(fileURLWithPath: $0).resolvingSymlinksInPath().path == expected }
        }
        guard matches.count == 1, let match = matches.first, match.tool == "shell", match.keys.isSubset(of: known),
              !match.arguments.isEmpty else { return nil }
        return match
    }
}
