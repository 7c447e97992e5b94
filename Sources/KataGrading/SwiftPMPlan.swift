import Foundation

/// SwiftPM's build plan (`.build/debug.yaml`): the commands `swift build` runs, with their tools,
/// inputs, outputs and arguments. `TrackRelink` follows it to rebuild a Swift Testing track
/// without SwiftPM.
struct SwiftPMPlan {
    /// One command of the plan.
    struct Command: Equatable {
        var tool = ""
        var outputs: [String] = []
        var keys: Set<String> = []
        /// Inputs and arguments as the plan spells them (JSON arrays), read only when asked: the
        /// plan holds hundreds of commands, and the link's inputs name every object.
        var rawInputs: Substring = ""
        var rawArguments: Substring = ""

        var inputs: [String] { SwiftPMPlan.jsonStrings(rawInputs) ?? [] }
        var arguments: [String] { SwiftPMPlan.jsonStrings(rawArguments) ?? [] }
    }

    var commands: [Command]

    static func url(in shadow: ShadowPackage) -> URL {
        shadow.directory.appendingPathComponent(".build/debug.yaml")
    }

    /// The plan's size and modification time, or "" when there is none.
    static func stamp(in shadow: ShadowPackage) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url(in: shadow).path),
              let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date else { return "" }
        return "\(size)-\(date.timeIntervalSince1970)"
    }

    /// The `commands:` entries of the YAML SwiftPM writes.
    init(text: String) {
        var commands: [Command] = []
        var inCommands = false
        var current: Command?
        func finish() { if let command = current { commands.append(command) }; current = nil }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { continue }
            if !line.hasPrefix(" ") {
                finish()
                inCommands = line == "commands:"
                continue
            }
            guard inCommands else { continue }
            if line.hasPrefix("  \""), !line.hasPrefix("   ") {
                finish()
                current = Command()
            } else if line.hasPrefix("    "), current != nil, let colon = line.firstIndex(of: ":") {
                let key = line[line.index(line.startIndex, offsetBy: 4)..<colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].drop { $0 == " " }
                current?.keys.insert(key)
                switch key {
                case "tool": current?.tool = value.trimmingCharacters(in: .whitespaces)
                case "inputs": current?.rawInputs = value
                case "outputs": current?.outputs = Self.jsonStrings(value) ?? []
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
            command.outputs.contains { $0.hasSuffix("/" + relative) && URL(fileURLWithPath: $0).resolvingSymlinksInPath().path == expected }
        }
        guard matches.count == 1, let match = matches.first, match.tool == "shell", match.keys.isSubset(of: known),
              !match.arguments.isEmpty else { return nil }
        return match
    }
}
