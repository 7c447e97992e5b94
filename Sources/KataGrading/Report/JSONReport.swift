import Foundation
import KataGradingCore
import KataVerdicts

/// The machine-readable result of a grade, modelled on exercism's test-runner `results.json`.
/// `docs/results-json.md` documents every field; bump `version` when a field changes meaning.
/// Optional fields are written as `null`, never left out, so every reader finds every key.
public struct JSONReport: Codable, Sendable, Equatable {
    public static let currentVersion = 1

    public var version: Int
    public var status: Status
    public var message: String?
    /// `exercises`, `solutions`, or the folder given to `--from`.
    public var source: String
    /// Who graded: the name set with `--name`, else user@host.
    public var attendee: String
    /// The machine's host name, so two attendees of one name stay apart.
    public var host: String
    public var startedAt: String
    public var generatedAt: String
    public var done: Int
    public var total: Int
    /// The text of the "Next" card, or null when there is none.
    public var next: String?
    /// What the grade noticed beside the verdicts: files of tests that belong to no exercise.
    public var notes: [String] = []
    public var exercises: [Entry]

    /// The whole grade's status, as `status` spells it.
    public enum Status: String, Codable, Sendable {
        /// Every graded exercise is done (on any track).
        case pass
        /// Some are not.
        case fail
        /// The kata itself could not be built or read: then `message` says why and `exercises` is empty.
        case error
    }

    public struct Entry: Codable, Sendable, Equatable {
        public var id: String
        /// The test framework of the track graded: `xctest` or `swift-testing`. An exercise done
        /// in both frameworks has an entry for each.
        public var framework: String
        public var pattern: String
        public var title: String
        /// The track's verdict, in its words (`VerdictKind`'s raw values): a file with any other
        /// word is not a results file of this version.
        public var status: VerdictKind
        /// The verdict that stands for the exercise, its tracks in this grade combined
        /// (`ExerciseStanding`): the same in every entry of one id.
        public var exerciseStatus: VerdictKind
        public var message: String
        public var details: [String]
        public var chaffs: Chaffs
        /// Test time of the real module's run; null when it did not run.
        public var testSeconds: Double?
        /// Wall-clock seconds of this exercise's own runs.
        public var seconds: Double
        /// What to do about this verdict; null for a done verdict with nothing to add.
        public var next: String?
        /// Files the attendee added that were graded with this track (`Module/path`).
        public var extraFiles: [String]
        /// When the runs were made that this grade judged again, nothing that decides the verdict
        /// having changed since (ISO 8601); null when they were made by this grade.
        public var unchangedSince: String?
        /// How the track's runs were read: `private-channel` (the grader's own), or `swift-test` when
        /// this machine's channel was silent (`ChannelFallback`: less protected).
        public var route: String?
        /// True when a timing change the code's contract allows (a generated perturbation) made
        /// `status` rejects correct code or flaky (`details` then holds its `--seed` line); always
        /// written. Nil only when read from a file an older grader wrote, which means false.
        public var perturbed: Bool?
        /// What a rejection's advice answers (`Verdict.cause`): `deadline`, `assumed-time`,
        /// `no-room`, `order`, `shared-state`, `form`, `count` or `input`; null for any other
        /// verdict, and in a file an older grader wrote.
        public var cause: String? = nil

        enum CodingKeys: String, CodingKey {
            case id, framework, pattern, title, status, exerciseStatus, message, details, chaffs, testSeconds, seconds, next, extraFiles
            case unchangedSince, route
            case perturbed, cause
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(framework, forKey: .framework)
            try c.encode(pattern, forKey: .pattern)
            try c.encode(title, forKey: .title)
            try c.encode(status, forKey: .status)
            try c.encode(exerciseStatus, forKey: .exerciseStatus)
            try c.encode(message, forKey: .message)
            try c.encode(details, forKey: .details)
            try c.encode(chaffs, forKey: .chaffs)
            try c.encode(testSeconds, forKey: .testSeconds)
            try c.encode(seconds, forKey: .seconds)
            try c.encode(next, forKey: .next)
            try c.encode(extraFiles, forKey: .extraFiles)
            try c.encode(unchangedSince, forKey: .unchangedSince)
            try c.encode(route, forKey: .route)
            try c.encode(perturbed ?? false, forKey: .perturbed)
            try c.encode(cause, forKey: .cause)
        }
    }

    public struct Chaffs: Codable, Sendable, Equatable {
        public var caught: Int
        public var total: Int
        public var missed: [String]
    }

    enum CodingKeys: String, CodingKey {
        case version, status, message, source, attendee, host, startedAt, generatedAt, done, total, next, notes, exercises
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(status, forKey: .status)
        try c.encode(message, forKey: .message)
        try c.encode(source, forKey: .source)
        try c.encode(attendee, forKey: .attendee)
        try c.encode(host, forKey: .host)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encode(generatedAt, forKey: .generatedAt)
        try c.encode(done, forKey: .done)
        try c.encode(total, forKey: .total)
        try c.encode(next, forKey: .next)
        try c.encode(notes, forKey: .notes)
        try c.encode(exercises, forKey: .exercises)
    }

    public init(results: [ExerciseResult], source: String, attendee: Attendee = .anonymous,
                startedAt: Date? = nil, date: Date = Date(), next: NextStep? = nil) {
        version = Self.currentVersion
        // Exercises, not tracks: one done in either framework is done; one this machine cannot
        // run (`needs`) does not count.
        let graded = results.byExercise().filter(\.counts)
        let done = graded.filter(\.isDone).count
        status = done == graded.count ? .pass : .fail
        self.source = source
        self.attendee = attendee.name
        host = attendee.host
        let formatter = ISO8601DateFormatter()
        self.startedAt = formatter.string(from: startedAt ?? date)
        generatedAt = formatter.string(from: date)
        self.done = done
        total = graded.count
        self.next = next?.text
        let alone = results.count == 1
        let standing = Dictionary(graded.map { ($0.id, $0.standing.verdict.kind) }, uniquingKeysWith: { first, _ in first })
        exercises = results.map { result in
            let advice = NextStep.advice(for: result, gradedAlone: alone)
            return Entry(id: result.exercise.id, framework: result.exercise.framework.rawValue, pattern: result.pattern.id, title: result.exercise.title,
                         status: result.verdict.kind, exerciseStatus: standing[result.exercise.id] ?? result.verdict.kind,
                         message: result.verdict.reason, details: result.verdict.details,
                         chaffs: Chaffs(caught: result.verdict.chaffsCaught, total: result.verdict.chaffsTotal,
                                        missed: result.verdict.missedChaffs),
                         testSeconds: result.verdict.seconds.map { ($0 * 1000).rounded() / 1000 },
                         seconds: (result.seconds * 100).rounded() / 100,
                         next: advice.isEmpty ? nil : advice.joined(separator: " "), extraFiles: result.extraFiles,
                         unchangedSince: result.unchangedSince.map { formatter.string(from: $0) },
                         route: result.verdict.viaSwiftPM ? "swift-test" : "private-channel",
                         perturbed: result.verdict.perturbationSeed != nil, cause: result.verdict.cause?.rawValue)
        }
    }

    public static func error(_ message: String, source: String, attendee: Attendee = .anonymous, date: Date = Date()) -> JSONReport {
        var report = JSONReport(results: [], source: source, attendee: attendee, date: date)
        report.status = .error
        report.message = message
        return report
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}
