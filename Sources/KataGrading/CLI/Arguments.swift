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
    /// `--fail-private-channel=xctest|swift-testing|all[:silent|exit|trap|refuse]`, or
    /// `--fail-private-channel=EXERCISE:runs`: maintainers only
    /// (the self-test). The grader drops what that framework's runs report through its private
    /// channel, as on a machine where the channel is silent, and its canary fails the way the shape
    /// says (silent by default), so that `ChannelFallback` is exercised. An argument of the grader,
    /// never in a test's environment.
    public var silencedChannels: Set<Catalog.Framework> = []
    public var canaryShapes: [Catalog.Framework: ChannelFallback.CanaryShape] = [:]
    /// `--fail-private-channel=EXERCISE:runs`: only that exercise's runs are silenced, as a test
    /// that silences its own run does, and only while its test files are as at its first run (a
    /// save under `--watch` ends it); its framework's canary still reports.
    public var silencedExercises: Set<String> = []

    public struct UsageError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func parse(_ words: [String]) throws -> Arguments {
        var arguments = Arguments()
        var actions: [Action] = []
        var rest = words[...]
        while let word = rest.popFirst() {
            guard word.hasPrefix("-") else { arguments.ids.append(word); continue }
            let (name, attached) = Self.split(word)
            guard let option = table.first(where: { $0.names.contains(name) }) else {
                let near = closest(to: name, among: options)
                throw UsageError(description: "unknown option \(word)."
                    + (near.isEmpty ? "" : " Did you mean \(near.joined(separator: " or "))?"))
            }
            let value = try Self.value(of: option, attached: attached, rest: &rest)
            if let action = option.action { actions.append(action) }
            try option.apply(&arguments, value)
        }
        try arguments.settle(actions)
        return arguments
    }

    /// The value `option` takes: `attached` (after `=` in the same word) or the next word of `rest`.
    private static func value(of option: Option, attached: String?, rest: inout ArraySlice<String>) throws -> String? {
        func next(dashes: Bool) -> String? {
            guard let word = rest.first, dashes || !word.hasPrefix("-") else { return nil }
            rest = rest.dropFirst()
            return word
        }
        switch option.takes {
        case .nothing:
            guard attached == nil else { throw UsageError(description: "\(option.name) takes no value.") }
            return nil
        case let .value(needs, dashes):
            guard let value = attached ?? next(dashes: dashes), !value.isEmpty else { throw UsageError(description: needs) }
            return value
        case .optionalValue:
            return attached ?? next(dashes: false)
        case let .optionalAfterEquals(needs):
            guard attached?.isEmpty != true else { throw UsageError(description: needs) }
            return attached
        case let .afterEquals(needs):
            guard let attached, !attached.isEmpty else { throw UsageError(description: needs) }
            return attached
        case let .optionalWord(word):
            if attached == word { return word }
            guard attached == nil else { throw UsageError(description: "\(option.name) takes only \(word).") }
            guard rest.first == word else { return nil }
            rest = rest.dropFirst()
            return word
        }
    }

    /// `--name=VALUE` as the name and the value; a word with no `=` as itself and no value.
    private static func split(_ word: String) -> (name: String, attached: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// Decides the action from the options given, and checks that they go together.
    private mutating func settle(_ given: [Action]) throws {
        var actions = given
        // With --join, --name is the join's name rather than an action of its own.
        if actions.contains(.join) { actions.removeAll { $0 == .name } }
        guard actions.count <= 1 else {
            throw UsageError(description: "choose one of --list, --hint, --solution, --reset, --undo-reset, --watch, --demo, --name, --merge at a time.")
        }
        action = actions.first ?? .grade
        if action != .roomServe, port != nil || bind != nil || rowsPerMachine != nil || roomCode != nil {
            throw UsageError(description: "--port, --bind, --rows-per-machine and --code go with --room-serve.")
        }
        if details, action != .demo {
            throw UsageError(description: "--details goes with --demo ID: every suite of the demo in full.")
        }
        if times != 1, action != .fixtures {
            throw UsageError(description: "--times goes with --fixtures (maintainers): Scripts/grade.sh --fixtures mocking-request --times 5")
        }
        if keptLogs != nil, action != .fixtures, action != .attacks {
            throw UsageError(description: "--keep-logs goes with --fixtures or --attacks (maintainers): Scripts/grade.sh --fixtures mocking-request --keep-logs logs")
        }
        if seed != nil || generatedWheatsOnly, action != .grade, action != .fixtures {
            throw UsageError(description: "--seed and --generated-wheats-only go with a grade: \(ShellCommand.grade("flaky-tests-sleep", "--seed", "41872").line)")
        }
        if html != nil, action != .merge {
            throw UsageError(description: "--html=PATH goes with --merge: the room's page of the merged results files.")
        }
        try settleIDs()
    }

    /// What the words that are no option mean for the action chosen, and how many it takes.
    private mutating func settleIDs() throws {
        switch action {
        case .demo where ids.count == 2:
            // `--demo ID SUITE`: one weak suite in full.
            suite = ids.removeLast()
            if source != .exercises {
                throw UsageError(description: "--demo grades the fixtures and the solution itself; drop --solutions or --from.")
            }
        case .check:
            // `--check FILE…`: results files to hold to docs/results-json.md.
            files = ids
            ids = []
        case .merge:
            guard !ids.isEmpty else {
                throw UsageError(description: "--merge needs the results files to merge, for example --merge results/*.json (each written by grade.sh --json=PATH).")
            }
            files = ids
            ids = []
        case .solution, .reset, .demo:
            guard ids.count == 1 else {
                if action == .demo {
                    throw UsageError(description: "--demo needs an exercise id, and at most one of its weak suites: --demo mocking-request, or --demo mocking-request vacuous.")
                }
                let option = action == .reset ? "--reset" : "--solution"
                throw UsageError(description: "\(option) needs exactly one exercise id, for example \(option) mocking-request.")
            }
            if action == .demo, source != .exercises {
                throw UsageError(description: "--demo grades the fixtures and the solution itself; drop --solutions or --from.")
            }
        case .hint:
            guard ids.count <= 1 else { throw UsageError(description: "--hint takes at most one exercise id.") }
        case .watch:
            guard source == .exercises else { throw UsageError(description: "--watch watches Exercises/ only; drop --solutions or --from.") }
            guard ids.count <= 1 else {
                throw UsageError(description: "--watch takes at most one exercise id: --watch to follow the course, --watch ID to stay on one exercise.")
            }
        case .join:
            guard let name else { throw UsageError(description: "--join URL needs --name \"Your Name\".") }
            // Before anything is built or sent: a usage error (exit 2), as grade.sh says it.
            do { _ = try RoomMembership.parseJoinURL(joinURL ?? ""); _ = try RoomValidation.checkName(name) } catch {
                if case RoomError.invalid(let why) = error { throw UsageError(description: "--join: \(why).") }
                throw UsageError(description: "--join: \(error)")
            }
        case .doctor:
            guard ids.isEmpty, source == .exercises else {
                throw UsageError(description: "--doctor checks this machine with exercises of its own choosing, from a scratch copy: it takes no exercise id, --solutions or --from.")
            }
        case .fixtures:
            guard source == .exercises else {
                throw UsageError(description: "--fixtures grades the weak suites over Solutions/ itself; drop --solutions or --from.")
            }
            fixtures = ids
            ids = []
        case .attacks:
            guard source == .exercises, !regrade else {
                throw UsageError(description: "--attacks plants each attack over Solutions/ and grades it as its attack file says; drop --solutions, --from and --regrade.")
            }
            attacks = ids
            ids = []
        case .framework:
            guard ids.isEmpty else { throw UsageError(description: "--framework takes xctest or swift-testing, and no exercise id.") }
        case .name:
            guard ids.isEmpty else {
                throw UsageError(description: "--name takes one name; quote a name with spaces: --name \"Ana Lima\".")
            }
            if let name = name, name.trimmingCharacters(in: .whitespaces).isEmpty {
                throw UsageError(description: "--name needs a name, for example --name \"Ana\".")
            }
        case .undoReset:
            guard ids.count <= 1 else {
                throw UsageError(description: "--undo-reset takes at most one backup (its number or name from the list --undo-reset prints), not exercise ids.")
            }
            backup = ids.first
            ids = []
        default:
            break
        }
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
