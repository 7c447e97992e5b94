import Foundation
import KataGradingCore
import KataVerdicts

/// What an attendee's test could do to the grader (issue 22), as a case: `Tests/Attacks/<name>/`
/// holds an `attack` file and `snippet.swift.txt`, the test that attacks. `AttackRounds` plants
/// the snippet in a copy of `Solutions/` and checks the verdict the file asks for.
///
/// `attack`: a first line `# what it does`, then `key: value` lines:
/// - `exercise:` the track it attacks (`id` or `id@framework`); `plant:` the file of `Solutions/`
///   the snippet is added to, or replaces with `replace: yes`;
/// - `expect:` the verdict its track must get, with `reason:` in its reason when given;
/// - `after:` the verdict of the next grade, with the planted file put back as shipped;
/// - `poisons: yes` for an attack on the grader's own folder or the kata's files: graded alone, its
///   grade must stop saying so (`stops:`, by default that a test wrote into the grader's folder),
///   and the next grade, without it, must get `expect:`. With `warm: yes` the exercise is graded
///   once before, so that the grader keeps runs for the attack to find; with `fresh: yes` the next
///   grade must make its runs again, not judge kept ones; with `then-edit: FILE` the attack's own
///   grade must get `expect:`, and the grade after an edit of FILE (a function added) is the one
///   that must stop: for what only a later build reaches;
/// - `fixture: FILE` for a file the test reads as it runs (issue 31 §4): graded alone, done with
///   the attack's `fixture.txt` there, then with its `changed.txt` it must get `expect:`, from runs
///   made again.
/// - `on: linux` (or `macos`) for an attack whose verdict holds on that system alone, the README's
///   "What a grade can and cannot prove" saying why; elsewhere it is not planted, and its case is
///   reported skipped, with that reason.
/// A line that starts with `#` is a note for maintainers.
struct Attack: Equatable {
    var name: String
    var folder: URL
    /// The first `#` line: what the attack does.
    var summary: String
    var exercise: String
    var plant: String
    var replace = false
    var expect: VerdictKind
    var reason: String?
    var after: VerdictKind?
    var poisons = false
    var warm = false
    var fresh = false
    var thenEdit: String?
    var stops: String?
    var fixture: String?
    /// The systems whose grader gets `expect:`, all when nil.
    var systems: Set<TestPlatform.System>?

    /// Whether the grader of `system` is held to the attack.
    func checked(on system: TestPlatform.System) -> Bool { systems?.contains(system) ?? true }
    /// Whether this system's grader is held to the attack: the system the grader was built for.
    var checkedHere: Bool { checked(on: TestPlatform.native) }

    static let fields = ["exercise", "plant", "replace", "expect", "reason", "after", "poisons", "warm", "fresh",
                         "then-edit", "stops", "fixture", "on"]
    /// What a poisoned grade says when the attack's file does not say otherwise.
    static let defaultStops = "a test wrote into the grader's folder"

    /// What is wrong with an attack's files, naming the file.
    struct Invalid: Error, CustomStringConvertible {
        var file: String
        var problem: String
        var description: String { "\(file): \(problem)" }
    }

    /// The attack in `folder` (named by it), from its `attack` file.
    static func load(_ folder: URL) throws -> Attack {
        let name = folder.lastPathComponent
        let file = "Tests/Attacks/\(name)/attack"
        guard let text = try? String(contentsOf: folder.appendingPathComponent("attack"), encoding: .utf8) else {
            throw Invalid(file: file, problem: "missing or unreadable")
        }
        return try parse(text, name: name, folder: folder)
    }

    static func parse(_ text: String, name: String, folder: URL) throws -> Attack {
        let file = "Tests/Attacks/\(name)/attack"
        func invalid(_ problem: String) -> Invalid { Invalid(file: file, problem: problem) }
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var values: [String: String] = [:]
        for line in lines where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { throw invalid("'\(line)' is not a `key: value` line") }
            let key = String(line[..<colon]), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard fields.contains(key) else {
                let near = Arguments.closest(to: key, among: fields)
                throw invalid("unknown field '\(key)'" + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)")
                              + "; the fields are \(fields.joined(separator: ", ")).")
            }
            guard values[key] == nil else { throw invalid("'\(key)' is given twice") }
            guard !value.isEmpty else { throw invalid("'\(key)' has no value") }
            values[key] = value
        }
        func required(_ key: String) throws -> String {
            guard let value = values[key] else { throw invalid("'\(key):' is missing (it needs exercise, plant and expect)") }
            return value
        }
        func verdict(_ key: String) throws -> VerdictKind? {
            guard let word = values[key] else { return nil }
            guard let kind = VerdictKind(rawValue: word) else {
                throw invalid("'\(key): \(word)' is no verdict; verdicts: \(VerdictKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return kind
        }
        func flag(_ key: String) throws -> Bool {
            switch values[key] {
            case nil, "no": return false
            case "yes": return true
            case let other?: throw invalid("'\(key): \(other)' takes yes or no")
            }
        }
        guard let summary = lines.first, summary.hasPrefix("#") else { throw invalid("its first line must be `# what the attack does`") }
        let exercise = try required("exercise"), plant = try required("plant")
        guard let expect = try verdict("expect") else { throw invalid("'expect:' is missing (it needs exercise, plant and expect)") }
        var attack = Attack(name: name, folder: folder, summary: String(summary.drop { $0 == "#" || $0 == " " }),
                            exercise: exercise, plant: plant, expect: expect)
        attack.replace = try flag("replace")
        attack.reason = values["reason"]
        attack.after = try verdict("after")
        attack.poisons = try flag("poisons")
        attack.warm = try flag("warm")
        attack.fresh = try flag("fresh")
        attack.thenEdit = values["then-edit"]
        attack.stops = values["stops"]
        attack.fixture = values["fixture"]
        if let on = values["on"] {
            let systems = on.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard !systems.isEmpty, systems.allSatisfy({ $0 == "linux" || $0 == "macos" }) else {
                throw invalid("'on: \(on)' takes linux, macos, or both")
            }
            attack.systems = Set(systems.map { $0 == "linux" ? .linux : .macOS })
        }
        if !attack.poisons, let key = ["warm", "fresh", "then-edit", "stops"].first(where: { values[$0] != nil && values[$0] != "no" }) {
            throw invalid("'\(key):' goes with 'poisons: yes'")
        }
        if attack.fixture != nil, attack.poisons || attack.after != nil {
            throw invalid("'fixture:' goes with neither 'poisons:' nor 'after:'")
        }
        var needed = ["snippet.swift.txt"]
        if attack.fixture != nil { needed += ["fixture.txt", "changed.txt"] }
        for file in needed where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path) {
            throw Invalid(file: "Tests/Attacks/\(name)/\(file)", problem: "missing")
        }
        return attack
    }

    /// Every attack in `Tests/Attacks/` of the checkout `root`, by name.
    static func all(root: URL) throws -> [Attack] {
        let attacks = root.appendingPathComponent("Tests/Attacks")
        let names = try FileManager.default.contentsOfDirectory(atPath: attacks.path).filter { !$0.hasPrefix(".") }.sorted()
        return try names.map { try load(attacks.appendingPathComponent($0)) }
    }

    /// The planted file's new contents: the snippet added to the file as shipped in `solutions`,
    /// or in its place.
    func planted(over solutions: URL) throws -> Data {
        let snippet = try Data(contentsOf: folder.appendingPathComponent("snippet.swift.txt"))
        if replace { return snippet }
        let shipped = try Data(contentsOf: solutions.appendingPathComponent(plant))
        return shipped + Data("\n".utf8) + snippet
    }
}
