import Foundation

/// Rebuilds the test binary after an edit that touched only Swift Testing tracks, without SwiftPM.
///
/// After an attendee edits a test, `swift build` plans the whole package again (0.3 s), then
/// rediscovers XCTest's tests and recompiles the discovery and runner modules (0.4–1.3 s), and only
/// then links. A Swift Testing track needs none of that: Swift Testing finds its tests in the binary
/// at run time, and SwiftPM's discovery file for a track with no XCTest in it is empty before and
/// after the edit. So when the record of the last build shows that only such tracks changed since,
/// the grader runs the commands SwiftPM itself planned for them, read from its build plan
/// (`.build/debug.yaml`): compile the track's module, wrap its AST for the debugger, link the test
/// binary. Anything unexpected (another file changed, a plan it cannot read, a command that fails)
/// means "not this time", and `swift build` does the work and reports any error as usual. SwiftPM's
/// next build sees the newer files and outputs and redoes whatever it must. Linux only.
struct TrackRelink {
    /// What the test binary was last built from, kept beside SwiftPM's build folder.
    struct Record: Codable, Equatable {
        /// Every file the build reads (`Package.swift`, `Sources/…`, `Grade/…`) by fingerprint.
        var files: [String: String]
        /// SwiftPM's build plan when the record was made (size and time): a plan written since,
        /// by a build that failed or left other tracks out, is not the one to follow.
        var plan: String

        static func url(in shadow: ShadowPackage) -> URL {
            shadow.directory.appendingPathComponent(".build/kata-last-build.json")
        }

        static func load(from shadow: ShadowPackage) -> Record? {
            (try? Data(contentsOf: url(in: shadow))).flatMap { try? JSONDecoder().decode(Record.self, from: $0) }
        }

        func save(to shadow: ShadowPackage) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            try? encoder.encode(self).write(to: Self.url(in: shadow), options: .atomic)
        }

        static func forget(in shadow: ShadowPackage) {
            try? FileManager.default.removeItem(at: url(in: shadow))
        }
    }

    /// One command of SwiftPM's build plan.
    struct PlannedCommand: Equatable {
        var tool = ""
        var outputs: [String] = []
        var arguments: [String] = []
        var keys: Set<String> = []
    }

    var shadow: ShadowPackage
    var environment: [String: String]
    var log: URL

    static func planURL(in shadow: ShadowPackage) -> URL {
        shadow.directory.appendingPathComponent(".build/debug.yaml")
    }

    /// The plan's size and modification time, or "" when there is none.
    static func planStamp(in shadow: ShadowPackage) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: planURL(in: shadow).path),
              let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date else { return "" }
        return "\(size)-\(date.timeIntervalSince1970)"
    }

    /// The shadow targets to rebuild, when every file that changed since `record` belongs to one
    /// of `swiftTestingTargets` (`Grade/<target>/…`); nil when anything else changed, nothing did,
    /// or a file was added or removed.
    static func targetsToRebuild(since record: Record, now files: [String: String], swiftTestingTargets: Set<String>) -> [String]? {
        guard Set(record.files.keys) == Set(files.keys) else { return nil }
        var targets = Set<String>()
        for (path, fingerprint) in files where record.files[path] != fingerprint {
            let parts = path.split(separator: "/", maxSplits: 2)
            guard parts.count == 3, parts[0] == "Grade", swiftTestingTargets.contains(String(parts[1])) else { return nil }
            targets.insert(String(parts[1]))
        }
        return targets.isEmpty ? nil : targets.sorted()
    }

    /// The commands of a SwiftPM build plan: `commands:` entries with their tool, outputs and
    /// arguments (JSON arrays in the YAML SwiftPM writes).
    static func commands(inPlan text: String) -> [PlannedCommand] {
        var commands: [PlannedCommand] = []
        var inCommands = false
        var current: PlannedCommand?
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
                current = PlannedCommand()
            } else if line.hasPrefix("    "), current != nil, let colon = line.firstIndex(of: ":") {
                let key = line[line.index(line.startIndex, offsetBy: 4)..<colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                current?.keys.insert(key)
                switch key {
                case "tool": current?.tool = value
                case "outputs": current?.outputs = jsonStrings(value) ?? []
                case "args": current?.arguments = jsonStrings(value) ?? []
                default: break
                }
            }
        }
        finish()
        return commands
    }

    /// Whether any line outside a `//` comment imports XCTest (or a part of it). Errs towards yes:
    /// a yes only means SwiftPM builds as usual.
    static func importsXCTest(_ source: String) -> Bool {
        source.split(whereSeparator: \.isNewline).contains { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return !code.hasPrefix("//") && code.contains("import") && code.contains("XCTest")
        }
    }

    static func jsonStrings(_ text: String) -> [String]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String]
    }

    /// The commands to run for `targets`, in order, or nil when the plan does not hold exactly
    /// one plain shell command for each step, writing where this copy's build folder (`build`,
    /// symbolic links resolved) is: a checkout copied elsewhere carries a plan for the old place.
    static func steps(for targets: [String], build: URL, testBinary: String, in commands: [PlannedCommand]) -> [[String]]? {
        let known: Set<String> = ["tool", "inputs", "outputs", "description", "args"]
        func command(making relative: String) -> [String]? {
            let expected = build.appendingPathComponent(relative).path
            let matches = commands.filter { command in
                command.outputs.contains { $0.hasSuffix("/" + relative) && URL(fileURLWithPath: $0).resolvingSymlinksInPath().path == expected }
            }
            guard matches.count == 1, let match = matches.first, match.tool == "shell", match.keys.isSubset(of: known),
                  !match.arguments.isEmpty else { return nil }
            return match.arguments
        }
        var steps: [[String]] = []
        for target in targets {
            guard let compile = command(making: "Modules/\(target).swiftmodule"),
                  let wrap = command(making: "\(target).build/\(target).swiftmodule.o") else { return nil }
            steps += [compile, wrap]
        }
        guard let link = command(making: testBinary) else { return nil }
        return steps + [link]
    }

    /// Rebuilds `targets` and relinks; false when it did not (the caller then runs `swift build`).
    func run(_ targets: [String], testBinary: URL) -> Bool {
        #if !os(Linux)
        // On macOS the test product is a bundle, XCTest needs no discovery module, and Swift Testing
        // runs go through `swift test` (TestRunner): a different plan, not verified here.
        return false
        #else
        // The build folder is the test binary's, links resolved, as SwiftPM writes its plan.
        let build = testBinary.deletingLastPathComponent().resolvingSymlinksInPath()
        // SwiftPM names the discovery module after the test product: XPackageTests → XPackageDiscoveredTests.
        let product = testBinary.deletingPathExtension().lastPathComponent
        guard product.hasSuffix("Tests") else { return false }
        let discovery = build.appendingPathComponent("\(product.dropLast(5))DiscoveredTests.derived")
        for target in targets {
            // A track that imports XCTest may hold test case classes, which need SwiftPM's discovery.
            let folder = shadow.targetDirectory(named: target)
            for file in (try? ShadowPackage.files(under: folder)) ?? [] {
                guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8),
                      !Self.importsXCTest(text) else { return false }
            }
            let discovered = discovery.appendingPathComponent("\(target).swift").path
            guard let size = (try? FileManager.default.attributesOfItem(atPath: discovered))?[.size] as? NSNumber,
                  size.intValue == 0 else { return false }
        }
        guard let plan = try? String(contentsOf: Self.planURL(in: shadow), encoding: .utf8),
              let steps = Self.steps(for: targets, build: build, testBinary: testBinary.lastPathComponent,
                                     in: Self.commands(inPlan: plan)) else { return false }
        for step in steps {
            guard let result = try? ProcessRunner.shared.run(step[0], Array(step.dropFirst()), environment: environment, timeout: 600,
                                                             log: log, temporaryName: ProcessRunner.swiftPMTemporary),
                  result.termination == .exited(0) else { return false }
        }
        return true
        #endif
    }
}
