import Foundation

/// What `grade.sh` was asked to do.
public struct Arguments: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case grade
        case list
        case help
        case refreshStarters
        case checkStarters
    }

    public var action: Action = .grade
    public var ids: [String] = []
    public var source: TestSource = .exercises
    public var porcelain = false
    public var repeats = 3

    public struct UsageError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func parse(_ words: [String]) throws -> Arguments {
        var arguments = Arguments()
        var rest = words[...]
        while let word = rest.popFirst() {
            switch word {
            case "-h", "--help": arguments.action = .help
            case "--list": arguments.action = .list
            case "--solutions": arguments.source = .solutions
            case "--porcelain": arguments.porcelain = true
            case "--refresh-starters": arguments.action = .refreshStarters
            case "--check-starters": arguments.action = .checkStarters
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
                + (near.isEmpty ? "" : " Did you mean: \(near.joined(separator: ", "))?")
                + " Run Scripts/grade.sh --list to see them all.")
        }
    }

    public static let help = """
        Usage: Scripts/grade.sh [options] [EXERCISE…]

        Grades your tests in Exercises/ against the real code, against buggy versions they
        must catch, and against correct versions that answer at other times.

          grade.sh                  grade every exercise, in course order
          grade.sh ID…              grade only these (an id or its number in --list)
          grade.sh --list           list the exercises
          grade.sh --solutions      grade the reference solutions instead (instructor demo)
          grade.sh --porcelain      print "id<TAB>verdict<TAB>reason" lines for scripts
          grade.sh --repeats N      run each suite N times to detect flakiness (default 3)

        Exit status: 0 when every graded exercise is done, 1 when some are not,
        2 for a usage error, 3 when the kata itself cannot be built or read.
        """
}
