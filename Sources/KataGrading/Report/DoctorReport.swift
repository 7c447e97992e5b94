import Foundation
import KataGradingCore
import KataVerdicts

/// What `grade.sh --doctor` found, as JSON (docs/doctor-json.md documents every field; bump
/// `version` when one changes meaning) and as the one line an attendee pastes to the instructor.
/// Optional fields are written as `null`, never left out.
public struct DoctorReport: Codable, Sendable, Equatable {
    public static let currentVersion = 1

    public var version = currentVersion
    /// No check failed: this machine can do the workshop (a `warn` still leaves it ready).
    public var ready: Bool
    /// The line to paste to the instructor, the same the text report ends with.
    public var summary: String
    public var attendee: String
    public var host: String
    public var generatedAt: String
    public var seconds: Double
    public var machine: Machine
    public var checks: [Check]
    public var grades: [Grade]
    /// The frameworks this machine graded through `swift test` because the grader's private
    /// channel was silent (README, "When the grader's channel is silent").
    public var fallback: [String]

    public struct Machine: Codable, Sendable, Equatable {
        /// `linux` or `macOS`: whose decisions the grader took.
        public var system: String
        /// macOS's decisions taken on Linux (`KATA_PLATFORM=macos`): a maintainer's run.
        public var simulated: Bool
        /// The system's version (`uname -sr` on Linux, the macOS version on a Mac).
        public var os: String
        /// The toolchain's Swift version, or null when `swift --version` could not be read.
        public var swift: String?
        /// `swift --version`'s first line.
        public var swiftVersionOutput: String?
        /// macOS: the folder `xcode-select -p` names; null elsewhere or when none is selected.
        public var developerDirectory: String?
        public var cores: Int
        /// Free bytes on the checkout's volume.
        public var freeBytes: Int64?
        /// The login shell (`$SHELL`), by name.
        public var shell: String?
        public var checkout: String
        /// The kata's commit (`.git/HEAD`), when it is a git clone.
        public var kataCommit: String?

        enum CodingKeys: String, CodingKey {
            case system, simulated, os, swift, swiftVersionOutput, developerDirectory, cores, freeBytes, shell, checkout, kataCommit
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(system, forKey: .system)
            try c.encode(simulated, forKey: .simulated)
            try c.encode(os, forKey: .os)
            try c.encode(swift, forKey: .swift)
            try c.encode(swiftVersionOutput, forKey: .swiftVersionOutput)
            try c.encode(developerDirectory, forKey: .developerDirectory)
            try c.encode(cores, forKey: .cores)
            try c.encode(freeBytes, forKey: .freeBytes)
            try c.encode(shell, forKey: .shell)
            try c.encode(checkout, forKey: .checkout)
            try c.encode(kataCommit, forKey: .kataCommit)
        }
    }

    public struct Check: Codable, Sendable, Equatable {
        /// `swift`, `xcode`, `disk`, `checkout`, `shell`, `build`, `channel`.
        public var name: String
        /// `ok`, `warn` (works, with a caveat) or `fail` (the workshop cannot run until fixed).
        public var status: String
        public var found: String
        /// What to do, when something is to be done; null for `ok`.
        public var fix: String?

        enum CodingKeys: String, CodingKey { case name, status, found, fix }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(status, forKey: .status)
            try c.encode(found, forKey: .found)
            try c.encode(fix, forKey: .fix)
        }
    }

    /// One track graded end to end from a scratch copy, with the verdict it must get.
    public struct Grade: Codable, Sendable, Equatable {
        public var exercise: String
        public var framework: String
        /// `solution`, or the weak suite's name (`Tests/Fixtures/<exercise>/<suite>/`).
        public var suite: String
        public var expected: VerdictKind
        /// The verdict the grade gave; null when the grade itself could not run.
        public var verdict: VerdictKind?
        /// `ok` (the expected verdict), `fail`, or `skipped` (this machine cannot run it: `needs`).
        public var status: String
        /// `private-channel`, or `swift-test` (README, "When the grader's channel is silent").
        public var route: String?
        /// The verdict's reason, or what stopped the grade.
        public var message: String?
        /// The command that makes this grade again, from the checkout.
        public var command: String
        /// The last lines of the run's log (or the build's), when it did not go as expected.
        public var lastLines: [String]

        enum CodingKeys: String, CodingKey { case exercise, framework, suite, expected, verdict, status, route, message, command, lastLines }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(exercise, forKey: .exercise)
            try c.encode(framework, forKey: .framework)
            try c.encode(suite, forKey: .suite)
            try c.encode(expected, forKey: .expected)
            try c.encode(verdict, forKey: .verdict)
            try c.encode(status, forKey: .status)
            try c.encode(route, forKey: .route)
            try c.encode(message, forKey: .message)
            try c.encode(command, forKey: .command)
            try c.encode(lastLines, forKey: .lastLines)
        }
    }

    enum CodingKeys: String, CodingKey { case version, ready, summary, attendee, host, generatedAt, seconds, machine, checks, grades, fallback }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(ready, forKey: .ready)
        try c.encode(summary, forKey: .summary)
        try c.encode(attendee, forKey: .attendee)
        try c.encode(host, forKey: .host)
        try c.encode(generatedAt, forKey: .generatedAt)
        try c.encode(seconds, forKey: .seconds)
        try c.encode(machine, forKey: .machine)
        try c.encode(checks, forKey: .checks)
        try c.encode(grades, forKey: .grades)
        try c.encode(fallback, forKey: .fallback)
    }

    /// `kata-doctor READY | macOS 15.5 | Swift 6.3.1 | Xcode | XCTest ok | Swift Testing ok | 41 GB free | zsh`,
    /// or `NOT READY (what failed first)` in front: one line, for a chat message.
    static func summaryLine(ready: Bool, machine: Machine, checks: [Check], grades: [Grade], fallback: [String]) -> String {
        let failed = checks.filter { $0.status == "fail" }.map(\.name) + grades.filter { $0.status == "fail" }.map { "\(TrackKey(id: $0.exercise, framework: $0.framework)) \($0.suite)" }
        var parts = [ready ? "kata-doctor READY" : "kata-doctor NOT READY (\(failed.prefix(2).joined(separator: ", ")))"]
        parts.append(machine.system == "macOS" ? "macOS \(machine.os)" + (machine.simulated ? " (simulated)" : "") : machine.os)
        parts.append("Swift \(machine.swift ?? "?")")
        if machine.system == "macOS" {
            let dir = machine.developerDirectory ?? "none"
            parts.append(dir.contains("Xcode") ? "Xcode" : dir.contains("CommandLineTools") ? "Command Line Tools only" : "developer dir \(dir)")
        }
        for framework in Catalog.Framework.allCases {
            let mine = grades.filter { $0.framework == framework.rawValue }
            guard !mine.isEmpty else { continue }
            let word = mine.contains { $0.status == "fail" } ? "FAILED" : mine.allSatisfy { $0.status == "skipped" } ? "skipped"
                : fallback.contains(framework.rawValue) ? "ok via swift test" : "ok"
            parts.append("\(framework.title) \(word)")
        }
        if let free = machine.freeBytes { parts.append("\(free / 1_000_000_000) GB free") }
        if let shell = machine.shell { parts.append(shell) }
        return parts.joined(separator: " | ")
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}
