import Foundation
import KataGradingCore
import KataVerdicts
import KataRoom

/// What `grade.sh` was asked to do.
public struct Arguments: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case grade, list, help, hint, solution, reset, undoReset, watch, demo, name, framework, refreshDocs, merge
        case refreshStarters, checkStarters, check
        case roomServe, join, leave
        case doctor
        case fixtures, attacks
    }

    public var action: Action = .grade
    public var ids: [String] = []
    public var source: TestSource = .exercises
    public var porcelain = false
    /// `--json` prints JSON instead of text; `--json=PATH` writes it to PATH as well as the text.
    public var json: JSONOutput?
    public var repeats = 3
    /// `--regrade`: run every track again, even one whose kept runs still stand.
    public var regrade = false
    /// `--seed N`: perturb with that seed alone, to replay a rejection exactly.
    public var seed: UInt32?
    /// `--generated-wheats-only`: leave out the catalog's wheats (maintainers measure perturbation).
    public var generatedWheatsOnly = false
    /// `--fixtures [ID | ID/NAME]…` (maintainers): the weak suites to grade (`FixtureRounds`), each
    /// round `--times N` times; `--keep-logs DIR` keeps the logs of a suite that got another verdict.
    public var fixtures: [String] = []
    public var times = 1
    public var keptLogs: String?
    /// `--attacks [NAME…]` (maintainers): the attacks of `Tests/Attacks/` to plant and check
    /// (`AttackRounds`), all when none is named; `--keep-logs DIR` as with `--fixtures`.
    public var attacks: [String] = []
    public var yes = false
    /// `--help all`: every option.
    public var helpAll = false
    /// The live room: `--room-serve [--port N] [--bind ADDRESS] [--rows-per-machine N] [--code CODE]`,
    /// `--join URL --name NAME`.
    public var port: Int?
    public var bind: String?
    public var rowsPerMachine: Int?
    /// `--room-serve --code CODE`: reopen the room of that code (`RoomStore.loadOrCreate`).
    public var roomCode: String?
    public var joinURL: String?
    /// `--name NAME`: who the JSON results (and the room, with `--join`) say graded them.
    public var name: String?
    /// `--framework xctest|swift-testing`: the framework to do the course in.
    public var framework: Catalog.Framework?
    /// `--undo-reset BACKUP`: the backup to put back (its name or number), else the last reset's.
    public var backup: String?
    /// `--demo ID SUITE`: grade and show that one weak suite in full.
    public var suite: String?
    /// `--demo ID --details`: every suite in full, not one line each.
    public var details = false
    /// `--merge FILE…`: the results files to merge into the room's view.
    public var files: [String] = []
    /// `--merge FILE… --html=PATH`: also write the room's page, with the merged room in it.
    public var html: String?
    /// `--fail-private-channel=xctest|swift-testing|all`: maintainers only (the self-test). The
    /// grader drops what that framework's runs report through its private channel, as on a machine
    /// where the channel is silent, so that `ChannelFallback` is exercised. An argument of the
    /// grader, never in a test's environment.
    public var silencedChannels: Set<Catalog.Framework> = []

    public struct UsageError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func parse(_ words: [String]) throws -> Arguments {
        var arguments = Arguments()
        var actions: [Action] = []
        var rest = words[...]
        while let word = rest.popFirst() {
            switch word {
            case "-h", "--help":
                actions.append(.help)
                // `--help all`: every option, not one screen's worth.
                if rest.first == "all" { arguments.helpAll = true; rest = rest.dropFirst() }
            case "--list": actions.append(.list)
            case "--hint": actions.append(.hint)
            case "--solution": actions.append(.solution)
            case "--reset": actions.append(.reset)
            case "--undo-reset": actions.append(.undoReset)
            case "--watch": actions.append(.watch)
            case "--demo": actions.append(.demo)
            case "--details": arguments.details = true
            case "--merge": actions.append(.merge)
            case "--html":
                guard let path = rest.popFirst(), !path.hasPrefix("-") else { throw UsageError(description: "--html needs a path, such as --html=room.html.") }
                arguments.html = path
            case _ where word.hasPrefix("--html="):
                let path = String(word.dropFirst("--html=".count))
                guard !path.isEmpty else { throw UsageError(description: "--html=PATH needs a path, such as --html=room.html.") }
                arguments.html = path
            case "--framework":
                actions.append(.framework)
                if let value = rest.first, !value.hasPrefix("-") {
                    guard let framework = Catalog.Framework(rawValue: value.lowercased()) else {
                        throw UsageError(description: "--framework takes xctest or swift-testing, not \(value).")
                    }
                    arguments.framework = framework
                    rest = rest.dropFirst()
                }
            case "--name":
                actions.append(.name)
                if let value = rest.first, !value.hasPrefix("-") { arguments.name = value; rest = rest.dropFirst() }
            case "--refresh-docs": actions.append(.refreshDocs)
            case "--refresh-starters": actions.append(.refreshStarters)
            case "--check-starters": actions.append(.checkStarters)
            case "--check": actions.append(.check)
            case "--doctor": actions.append(.doctor)
            case "--room-serve": actions.append(.roomServe)
            case "--leave": actions.append(.leave)
            case "--join", "--bind", "--port", "--rows-per-machine", "--code":
                guard let value = rest.popFirst(), !value.hasPrefix("-") else { throw UsageError(description: "\(word) needs a value.") }
                switch word {
                case "--join": actions.append(.join); arguments.joinURL = value
                case "--bind": arguments.bind = value
                case "--code": arguments.roomCode = value
                case "--rows-per-machine":
                    guard let rows = Int(value), (1...300).contains(rows) else {
                        throw UsageError(description: "--rows-per-machine needs a number from 1 to 300.")
                    }
                    arguments.rowsPerMachine = rows
                default:
                    guard let port = Int(value), (1...65535).contains(port) else { throw UsageError(description: "--port needs a port number from 1 to 65535.") }
                    arguments.port = port
                }
            case _ where word.hasPrefix("--fail-private-channel="):
                let value = String(word.dropFirst("--fail-private-channel=".count))
                if value == "all" { arguments.silencedChannels = Set(Catalog.Framework.allCases) }
                else if let framework = Catalog.Framework(rawValue: value) { arguments.silencedChannels.insert(framework) }
                else { throw UsageError(description: "--fail-private-channel takes xctest, swift-testing or all.") }
            case "--solutions": arguments.source = .solutions
            case "--porcelain": arguments.porcelain = true
            case "--regrade": arguments.regrade = true
            case "--yes", "-y": arguments.yes = true
            case "--json": arguments.json = .standardOutput
            case _ where word.hasPrefix("--json="):
                let path = String(word.dropFirst("--json=".count))
                guard !path.isEmpty else { throw UsageError(description: "--json=PATH needs a path.") }
                arguments.json = .file(path)
            case "--from":
                guard let path = rest.popFirst() else { throw UsageError(description: "--from needs a folder laid out like Exercises/.") }
                arguments.source = .directory(URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL)
            case "--seed":
                guard let value = rest.popFirst().flatMap({ UInt32($0) }), Perturbation.seeds.contains(value) else {
                    throw UsageError(description: "--seed needs the number a verdict printed (1 to \(Perturbation.seeds.upperBound)), as in: \(ShellCommand.grade("flaky-tests-sleep", "--seed", "41872").line)")
                }
                arguments.seed = value
            case "--generated-wheats-only": arguments.generatedWheatsOnly = true
            case "--fixtures": actions.append(.fixtures)
            case "--attacks": actions.append(.attacks)
            case "--times":
                guard let value = rest.popFirst().flatMap(Int.init), value >= 1 else {
                    throw UsageError(description: "--times needs a whole number of at least 1.")
                }
                arguments.times = value
            case "--keep-logs":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError(description: "--keep-logs needs a folder.") }
                arguments.keptLogs = value
            case "--repeats":
                guard let value = rest.popFirst().flatMap(Int.init), value >= 1 else {
                    throw UsageError(description: "--repeats needs a whole number of at least 1.")
                }
                arguments.repeats = value
            default:
                if word.hasPrefix("-") {
                    let near = closest(to: word.split(separator: "=").first.map(String.init) ?? word, among: options)
                    throw UsageError(description: "unknown option \(word)."
                        + (near.isEmpty ? "" : " Did you mean \(near.joined(separator: " or "))?"))
                }
                arguments.ids.append(word)
            }
        }
        // With --join, --name is the join's name rather than an action of its own.
        if actions.contains(.join) { actions.removeAll { $0 == .name } }
        guard actions.count <= 1 else {
            throw UsageError(description: "choose one of --list, --hint, --solution, --reset, --undo-reset, --watch, --demo, --name, --merge at a time.")
        }
        arguments.action = actions.first ?? .grade
        if arguments.action != .roomServe, arguments.port != nil || arguments.bind != nil || arguments.rowsPerMachine != nil || arguments.roomCode != nil {
            throw UsageError(description: "--port, --bind, --rows-per-machine and --code go with --room-serve.")
        }
        if arguments.details, arguments.action != .demo {
            throw UsageError(description: "--details goes with --demo ID: every suite of the demo in full.")
        }
        if arguments.times != 1, arguments.action != .fixtures {
            throw UsageError(description: "--times goes with --fixtures (maintainers): Scripts/grade.sh --fixtures mocking-request --times 5")
        }
        if arguments.keptLogs != nil, arguments.action != .fixtures, arguments.action != .attacks {
            throw UsageError(description: "--keep-logs goes with --fixtures or --attacks (maintainers): Scripts/grade.sh --fixtures mocking-request --keep-logs logs")
        }
        if arguments.seed != nil || arguments.generatedWheatsOnly, arguments.action != .grade, arguments.action != .fixtures {
            throw UsageError(description: "--seed and --generated-wheats-only go with a grade: \(ShellCommand.grade("flaky-tests-sleep", "--seed", "41872").line)")
        }
        if arguments.html != nil, arguments.action != .merge {
            throw UsageError(description: "--html=PATH goes with --merge: the room's page of the merged results files.")
        }
        switch arguments.action {
        case .demo where arguments.ids.count == 2:
            // `--demo ID SUITE`: one weak suite in full.
            arguments.suite = arguments.ids.removeLast()
            if arguments.source != .exercises {
                throw UsageError(description: "--demo grades the fixtures and the solution itself; drop --solutions or --from.")
            }
        case .check:
            // `--check FILE…`: results files to hold to docs/results-json.md.
            arguments.files = arguments.ids
            arguments.ids = []
        case .merge:
            guard !arguments.ids.isEmpty else {
                throw UsageError(description: "--merge needs the results files to merge, for example --merge results/*.json (each written by grade.sh --json=PATH).")
            }
            arguments.files = arguments.ids
            arguments.ids = []
        case .solution, .reset, .demo:
            guard arguments.ids.count == 1 else {
                if arguments.action == .demo {
                    throw UsageError(description: "--demo needs an exercise id, and at most one of its weak suites: --demo mocking-request, or --demo mocking-request vacuous.")
                }
                let option = arguments.action == .reset ? "--reset" : "--solution"
                throw UsageError(description: "\(option) needs exactly one exercise id, for example \(option) mocking-request.")
            }
            if arguments.action == .demo, arguments.source != .exercises {
                throw UsageError(description: "--demo grades the fixtures and the solution itself; drop --solutions or --from.")
            }
        case .hint:
            guard arguments.ids.count <= 1 else { throw UsageError(description: "--hint takes at most one exercise id.") }
        case .watch:
            guard arguments.source == .exercises else { throw UsageError(description: "--watch watches Exercises/ only; drop --solutions or --from.") }
            guard arguments.ids.count <= 1 else {
                throw UsageError(description: "--watch takes at most one exercise id: --watch to follow the course, --watch ID to stay on one exercise.")
            }
        case .join:
            guard let name = arguments.name else { throw UsageError(description: "--join URL needs --name \"Your Name\".") }
            // Before anything is built or sent: a usage error (exit 2), as grade.sh says it.
            do { _ = try RoomMembership.parseJoinURL(arguments.joinURL ?? ""); _ = try RoomValidation.checkName(name) } catch {
                if case RoomError.invalid(let why) = error { throw UsageError(description: "--join: \(why).") }
                throw UsageError(description: "--join: \(error)")
            }
        case .doctor:
            guard arguments.ids.isEmpty, arguments.source == .exercises else {
                throw UsageError(description: "--doctor checks this machine with exercises of its own choosing, from a scratch copy: it takes no exercise id, --solutions or --from.")
            }
        case .fixtures:
            guard arguments.source == .exercises else {
                throw UsageError(description: "--fixtures grades the weak suites over Solutions/ itself; drop --solutions or --from.")
            }
            arguments.fixtures = arguments.ids
            arguments.ids = []
        case .attacks:
            guard arguments.source == .exercises, !arguments.regrade else {
                throw UsageError(description: "--attacks plants each attack over Solutions/ and grades it as its attack file says; drop --solutions, --from and --regrade.")
            }
            arguments.attacks = arguments.ids
            arguments.ids = []
        case .framework:
            guard arguments.ids.isEmpty else { throw UsageError(description: "--framework takes xctest or swift-testing, and no exercise id.") }
        case .name:
            guard arguments.ids.isEmpty else {
                throw UsageError(description: "--name takes one name; quote a name with spaces: --name \"Ana Lima\".")
            }
            if let name = arguments.name, name.trimmingCharacters(in: .whitespaces).isEmpty {
                throw UsageError(description: "--name needs a name, for example --name \"Ana\".")
            }
        case .undoReset:
            guard arguments.ids.count <= 1 else {
                throw UsageError(description: "--undo-reset takes at most one backup (its number or name from the list --undo-reset prints), not exercise ids.")
            }
            arguments.backup = arguments.ids.first
            arguments.ids = []
        default:
            break
        }
        return arguments
    }

    /// Resolves ids (or 1-based course numbers) to exercises, in the order given.
    public static func select(_ ids: [String], from catalog: Catalog) throws -> [Catalog.Exercise] {
        if ids.isEmpty { return catalog.exercises }
        return try ids.map { id in
            if let exercise = catalog.exercises.first(where: { $0.id == id }) { return exercise }
            // `id@swift-testing` or `id@xctest`: that one track.
            if let track = catalog.allTracks.first(where: { $0.trackKey == TrackKey(id) }) {
                return track.namedAlone()
            }
            if let number = Int(id) {
                if catalog.exercises.indices.contains(number - 1) { return catalog.exercises[number - 1] }
                throw UsageError(description: "there is no exercise number \(id): they run from 1 to \(catalog.exercises.count). See them: Scripts/grade.sh --list")
            }
            // `id@framework`: the id and the framework each nearest to what was typed.
            let typedKey = TrackKey(id.lowercased())
            let typed = typedKey.id
            var near = catalog.exercises.map(\.id).filter { !typed.isEmpty && ($0.contains(typed) || typed.contains($0)) }
            if near.isEmpty { near = closest(to: typed, among: catalog.exercises.map(\.id)) }
            if let typedFramework = typedKey.framework {
                let frameworks = Catalog.Framework.allCases.map(\.rawValue)
                let framework = frameworks.contains(typedFramework) ? [typedFramework] : closest(to: typedFramework, among: frameworks)
                near = near.flatMap { nearID in
                    // A framework the exercise has no track in: its tracks as they are.
                    let tracks = catalog.allTracks.filter { $0.id == nearID }.map(\.framework.rawValue)
                    let named = framework.filter(tracks.contains)
                    if named.isEmpty { return tracks.count == 1 ? [nearID] : tracks.map { TrackKey(id: nearID, framework: $0).description } }
                    return named.map { TrackKey(id: nearID, framework: $0).description }
                }
            }
            throw UsageError(description: "there is no exercise '\(id)'."
                + (near.isEmpty ? "" : " Did you mean \(near.prefix(5).joined(separator: ", "))?")
                + " See them all: Scripts/grade.sh --list")
        }
    }
}
