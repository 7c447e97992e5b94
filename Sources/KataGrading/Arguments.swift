import Foundation

/// What `grade.sh` was asked to do.
public struct Arguments: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case grade, list, help, hint, solution, reset, watch, index
        case refreshStarters, checkStarters
        case roomServe, join, leave
    }

    public var action: Action = .grade
    public var ids: [String] = []
    public var source: TestSource = .exercises
    public var porcelain = false
    /// `--json` prints JSON instead of text; `--json=PATH` writes it to PATH as well as the text.
    public var json: JSONOutput?
    public var repeats = 3
    public var yes = false
    /// The live room: `--room-serve [--port N] [--bind ADDRESS]`, `--join URL --name NAME`.
    public var port: Int?
    public var bind: String?
    public var joinURL: String?
    public var name: String?

    public enum JSONOutput: Equatable, Sendable {
        case standardOutput
        case file(String)
    }

    public struct UsageError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func parse(_ words: [String]) throws -> Arguments {
        var arguments = Arguments()
        var actions: [Action] = []
        var rest = words[...]
        while let word = rest.popFirst() {
            switch word {
            case "-h", "--help": actions.append(.help)
            case "--list": actions.append(.list)
            case "--hint": actions.append(.hint)
            case "--solution": actions.append(.solution)
            case "--reset": actions.append(.reset)
            case "--watch": actions.append(.watch)
            case "--index": actions.append(.index)
            case "--refresh-starters": actions.append(.refreshStarters)
            case "--check-starters": actions.append(.checkStarters)
            case "--room-serve": actions.append(.roomServe)
            case "--leave": actions.append(.leave)
            case "--join", "--name", "--bind", "--port":
                guard let value = rest.popFirst(), !value.hasPrefix("-") else { throw UsageError(description: "\(word) needs a value.") }
                switch word {
                case "--join": actions.append(.join); arguments.joinURL = value
                case "--name": arguments.name = value
                case "--bind": arguments.bind = value
                default:
                    guard let port = Int(value), (1...65535).contains(port) else { throw UsageError(description: "--port needs a port number from 1 to 65535.") }
                    arguments.port = port
                }
            case "--solutions": arguments.source = .solutions
            case "--porcelain": arguments.porcelain = true
            case "--yes", "-y": arguments.yes = true
            case "--json": arguments.json = .standardOutput
            case _ where word.hasPrefix("--json="):
                let path = String(word.dropFirst("--json=".count))
                guard !path.isEmpty else { throw UsageError(description: "--json=PATH needs a path.") }
                arguments.json = .file(path)
            case "--from":
                guard let path = rest.popFirst() else { throw UsageError(description: "--from needs a folder laid out like Exercises/.") }
                arguments.source = .directory(URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL)
            case "--repeats":
                guard let value = rest.popFirst().flatMap(Int.init), value >= 1 else {
                    throw UsageError(description: "--repeats needs a whole number of at least 1.")
                }
                arguments.repeats = value
            default:
                if word.hasPrefix("-") { throw UsageError(description: "unknown option \(word).") }
                arguments.ids.append(word)
            }
        }
        guard actions.count <= 1 else {
            throw UsageError(description: "choose one of --list, --hint, --solution, --reset, --watch at a time.")
        }
        arguments.action = actions.first ?? .grade
        if arguments.action != .roomServe, arguments.port != nil || arguments.bind != nil {
            throw UsageError(description: "--port and --bind go with --room-serve.")
        }
        if arguments.action != .join, arguments.name != nil { throw UsageError(description: "--name goes with --join URL.") }
        switch arguments.action {
        case .solution, .reset:
            guard arguments.ids.count == 1 else {
                throw UsageError(description: "\(arguments.action == .reset ? "--reset" : "--solution") needs exactly one exercise id.")
            }
        case .hint:
            guard arguments.ids.count <= 1 else { throw UsageError(description: "--hint takes at most one exercise id.") }
        case .watch:
            guard arguments.source == .exercises else { throw UsageError(description: "--watch watches Exercises/ only.") }
        case .join:
            guard arguments.name != nil else { throw UsageError(description: "--join URL needs --name \"Your Name\".") }
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
            if let number = Int(id), catalog.exercises.indices.contains(number - 1) { return catalog.exercises[number - 1] }
            let near = catalog.exercises.filter { $0.id.contains(id) || id.contains($0.id) }.map(\.id)
            throw UsageError(description: "there is no exercise '\(id)'."
                + (near.isEmpty ? "" : " Did you mean: \(near.prefix(5).joined(separator: ", "))?")
                + " Run Scripts/grade.sh --list to see them all.")
        }
    }

    public static let help = """
        Usage: Scripts/grade.sh [options] [EXERCISE…]

        Grades your tests in Exercises/ against the real code, against buggy versions
        they must catch, and against correct versions that answer at other times.

        Attendees
          grade.sh                 grade every exercise, in course order
          grade.sh ID…             grade only these (an id, or its number in --list)
          grade.sh --watch         re-grade whenever you save a file in Exercises/
          grade.sh --hint [ID]     the hint for ID, or for your current exercise
          grade.sh --reset ID      put the starter back (keeps a backup; --yes skips the question)
          grade.sh --list          list the exercises
          grade.sh --join URL --name NAME   send every grade to the instructor's room
          grade.sh --leave         stop sending grades to the room

        Instructors
          grade.sh --solutions     grade the reference solutions (never touches Exercises/)
          grade.sh --solution ID   show the solution as a diff against the starter
          grade.sh --json          print the results as JSON (--json=PATH writes a file too)
          grade.sh --repeats N     run each suite N times to detect flakiness (default 3)
          grade.sh --room-serve [--port N]  open the live room page (default port 8787)

        Exit status: 0 when every graded exercise is done, 1 when some are not,
        2 for a usage error, 3 when the kata itself cannot be built or read,
        130 when interrupted.
        """
}
