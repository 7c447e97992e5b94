import Foundation

/// The machine-readable result of a grade, modelled on exercism's test-runner `results.json`.
/// `docs/results-json.md` documents every field; bump `version` when a field changes meaning.
public struct JSONReport: Codable, Sendable, Equatable {
    public static let currentVersion = 1

    public var version: Int
    /// `pass` when every graded exercise is done, `fail` when some are not, `error` when the kata
    /// itself could not be built or read (then `message` says why and `exercises` is empty).
    public var status: String
    public var message: String?
    /// `exercises`, `solutions`, or the folder given to `--from`.
    public var source: String
    public var generatedAt: String
    public var done: Int
    public var total: Int
    public var exercises: [Entry]

    public struct Entry: Codable, Sendable, Equatable {
        public var id: String
        public var pattern: String
        public var title: String
        /// One of the verdicts: done, not started, does not compile, failing, hangs, crashed,
        /// misses bugs, rejects correct code, flaky, too slow.
        public var status: String
        public var message: String
        public var details: [String]
        public var chaffs: Chaffs
        /// Test time of the real module's run, when it ran.
        public var testSeconds: Double?
        /// Wall-clock seconds the grader spent on this exercise.
        public var seconds: Double
    }

    public struct Chaffs: Codable, Sendable, Equatable {
        public var caught: Int
        public var total: Int
        public var missed: [String]
    }

    public init(results: [ExerciseResult], source: String, date: Date = Date()) {
        version = Self.currentVersion
        let done = results.filter { $0.verdict.kind == .done }.count
        status = done == results.count ? "pass" : "fail"
        self.source = source
        generatedAt = ISO8601DateFormatter().string(from: date)
        self.done = done
        total = results.count
        exercises = results.map { result in
            Entry(id: result.exercise.id, pattern: result.pattern.id, title: result.exercise.title,
                  status: result.verdict.kind.rawValue, message: result.verdict.reason, details: result.verdict.details,
                  chaffs: Chaffs(caught: result.verdict.chaffsCaught, total: result.verdict.chaffsTotal,
                                 missed: result.verdict.missedChaffs),
                  testSeconds: result.verdict.seconds.map { ($0 * 1000).rounded() / 1000 },
                  seconds: (result.seconds * 100).rounded() / 100)
        }
    }

    public static func error(_ message: String, source: String, date: Date = Date()) -> JSONReport {
        var report = JSONReport(results: [], source: source, date: date)
        report.status = "error"
        report.message = message
        return report
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}

/// The verdicts of the last grade of `Exercises/`, so `--hint` and `--watch` know the current exercise.
public struct LastGrade: Codable, Sendable {
    public var verdicts: [String: String]

    static func url(_ paths: KataPaths) -> URL { paths.state.appendingPathComponent("last-grade.json") }

    public static func load(_ paths: KataPaths) -> LastGrade {
        guard let data = try? Data(contentsOf: url(paths)),
              let grade = try? JSONDecoder().decode(LastGrade.self, from: data) else { return LastGrade(verdicts: [:]) }
        return grade
    }

    public static func record(_ results: [ExerciseResult], _ paths: KataPaths) {
        var grade = load(paths)
        for result in results { grade.verdicts[result.exercise.id] = result.verdict.kind.rawValue }
        try? FileManager.default.createDirectory(at: paths.state, withIntermediateDirectories: true)
        try? JSONEncoder().encode(grade).write(to: url(paths), options: .atomic)
    }

    /// After a reset, the exercise's last verdict no longer holds.
    public static func forget(_ exercise: Catalog.Exercise, _ paths: KataPaths) {
        var grade = load(paths)
        guard grade.verdicts.removeValue(forKey: exercise.id) != nil else { return }
        try? JSONEncoder().encode(grade).write(to: url(paths), options: .atomic)
    }

    /// The first exercise not known to be done; with no history, the first one still a starter.
    public func current(in catalog: Catalog, starters: StarterStore) -> Catalog.Exercise? {
        if !verdicts.isEmpty {
            return catalog.exercises.first { verdicts[$0.id] != Verdict.Kind.done.rawValue || starters.isUntouched($0) }
        }
        return catalog.exercises.first { starters.isUntouched($0) } ?? catalog.exercises.first
    }
}
