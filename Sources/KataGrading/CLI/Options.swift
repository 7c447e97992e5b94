import Foundation
import KataGradingCore

/// Every option of `grade.sh`, declared once: how it is spelled, what it takes, what it does to
/// `Arguments`, and what `--help` and `--help all` say of it. The parser (`Arguments.parse`), both
/// helps and "did you mean" are all read off this table, so an option cannot be parsed and left out
/// of the help, or the other way round (after swift-argument-parser's one declaration per option;
/// the kata takes no package, so the table is its own).
struct Option: Sendable {
    enum Audience: CaseIterable, Sendable {
        case attendees, instructors, maintainers

        var heading: String {
            switch self {
            case .attendees: return "Attendees"
            case .instructors: return "Instructors"
            case .maintainers: return "Maintainers (the kata's own tests)"
            }
        }
    }

    /// What follows the option's name.
    enum Takes: Sendable {
        /// Nothing: `--list`.
        case nothing
        /// A value, as the next word or after `=`: `--port 9000`, `--port=9000`. `needs` is the
        /// error when it is missing; a next word that starts with `-` is not taken unless `dashes`.
        case value(needs: String, dashes: Bool = false)
        /// A value only when one follows (a next word not starting with `-`, or `=VALUE`):
        /// `--framework [NAME]`.
        case optionalValue
        /// A value only after `=`: `--json` alone prints, `--json=PATH` writes a file too.
        case optionalAfterEquals(needs: String)
        /// A value only after `=`, never alone.
        case afterEquals(needs: String)
        /// The one word `word` when it follows: `--help all`.
        case optionalWord(String)
    }

    /// The spellings; the first is the one the help shows.
    var names: [String]
    var takes: Takes = .nothing
    /// What grade.sh does when this option is given: one action per command.
    var action: Arguments.Action?
    /// What the option sets, given its value (nil when it took none).
    var apply: @Sendable (inout Arguments, String?) throws -> Void = { _, _ in }
    var audience: Audience
    /// The help's left column: how the option is used, as `grade.sh --watch [ID]`.
    var usage: String
    /// The help's right column in `--help all`.
    var summary: String
    /// The right column on `--help`'s one screen, for the few an attendee needs there; nil keeps
    /// the option to `--help all`.
    var brief: String?

    var name: String { names[0] }
}

extension Arguments {
    /// The usage lines that are no option: grading itself.
    static let gradingLines: [(usage: String, text: String)] = [
        ("grade.sh", "grade every exercise, in course order"),
        ("grade.sh ID…", "grade only these (an id, or its number in --list)"),
    ]

    static let failPrivateChannelUsage = "--fail-private-channel takes xctest, swift-testing or all, then :silent, :exit, :trap or :refuse if you like; or an exercise, then :runs."

    /// `value` as a whole number in `range`, else the usage error `message`.
    static func number(_ value: String?, in range: ClosedRange<Int>, or message: String) throws -> Int {
        guard let number = value.flatMap({ Int($0) }), range.contains(number) else { throw UsageError(description: message) }
        return number
    }

    /// Every option, in the order the help lists them.
    static let table: [Option] = [
        Option(names: ["--watch"], action: .watch, audience: .attendees, usage: "grade.sh --watch [ID]",
               summary: "re-grade whenever you save a file in Exercises/; with ID, stay on that exercise",
               brief: "re-grade whenever you save a file in Exercises/"),
        Option(names: ["--hint"], action: .hint, audience: .attendees, usage: "grade.sh --hint [ID]",
               summary: "the hint for ID, or for your current exercise", brief: "the hint for ID, or for your current exercise"),
        Option(names: ["--list"], action: .list, audience: .attendees, usage: "grade.sh --list",
               summary: "list the exercises", brief: "list the exercises"),
        Option(names: ["--reset"], action: .reset, audience: .attendees, usage: "grade.sh --reset ID",
               summary: "put the starter back (keeps a backup; --yes skips the question)",
               brief: "put the starter back (keeps a backup)"),
        Option(names: ["--yes", "-y"], apply: { a, _ in a.yes = true }, audience: .attendees, usage: "grade.sh --reset ID --yes",
               summary: "reset without asking first (the backup is still kept)"),
        Option(names: ["--undo-reset"], action: .undoReset, audience: .attendees, usage: "grade.sh --undo-reset [N]",
               summary: "put back the files the last --reset replaced (or backup N), and list the other backups"),
        Option(names: ["--regrade"], apply: { a, _ in a.regrade = true }, audience: .attendees, usage: "grade.sh --regrade",
               summary: "grade again even what has not changed since its last done verdict (shown \"unchanged since …\")"),
        Option(names: ["--seed"], takes: .value(needs: "--seed needs the number a verdict printed (1 to \(Perturbation.seeds.upperBound)), as in: \(ShellCommand.grade("flaky-tests-sleep", "--seed", "41872").line)"),
               apply: { a, value in
                   guard let seed = value.flatMap({ UInt32($0) }), Perturbation.seeds.contains(seed) else {
                       throw UsageError(description: "--seed needs the number a verdict printed (1 to \(Perturbation.seeds.upperBound)), as in: \(ShellCommand.grade("flaky-tests-sleep", "--seed", "41872").line)")
                   }
                   a.seed = seed
               },
               audience: .attendees, usage: "grade.sh ID --seed N",
               summary: "replay exactly the timing a verdict named: the grader delays the code's hand-offs as seed N did"),
        Option(names: ["--name"], takes: .optionalValue, action: .name, apply: { a, value in a.name = value },
               audience: .attendees, usage: "grade.sh --name \"NAME\"", summary: "your name, in the JSON results and the room"),
        Option(names: ["--framework"], takes: .optionalValue, action: .framework,
               apply: { a, value in
                   guard let value else { return }
                   guard let framework = Catalog.Framework(rawValue: value.lowercased()) else {
                       throw UsageError(description: "--framework takes xctest or swift-testing, not \(value).")
                   }
                   a.framework = framework
               },
               audience: .attendees, usage: "grade.sh --framework swift-testing",
               summary: "do the course in Swift Testing (or xctest): the Next card and --hint name that track's files",
               brief: "do the course in Swift Testing (or xctest)"),
        Option(names: ["--join"], takes: .value(needs: "--join needs a value."), action: .join, apply: { a, value in a.joinURL = value },
               audience: .attendees, usage: "grade.sh --join URL --name NAME",
               summary: "send every grade to the instructor's room", brief: "send every grade to the instructor's room"),
        Option(names: ["--leave"], action: .leave, audience: .attendees, usage: "grade.sh --leave",
               summary: "leave the room: your row goes, grades stop"),
        Option(names: ["--doctor"], action: .doctor, audience: .attendees, usage: "grade.sh --doctor",
               summary: "check this machine before the workshop: builds, grades two exercises, prints a line to paste"),
        Option(names: ["--help", "-h"], takes: .optionalWord("all"), action: .help, apply: { a, value in a.helpAll = value != nil },
               audience: .attendees, usage: "grade.sh --help [all]", summary: "this help; with all, every option"),

        Option(names: ["--demo"], action: .demo, audience: .instructors, usage: "grade.sh --demo ID",
               summary: "grade ID's weak suites and its solution, one line each and why it is weak (never touches Exercises/); --demo ID SUITE: one in full"),
        Option(names: ["--details"], apply: { a, _ in a.details = true }, audience: .instructors, usage: "grade.sh --demo ID --details",
               summary: "every suite of the demo in full, with the bugs each misses and their hints"),
        Option(names: ["--solutions"], apply: { a, _ in a.source = .solutions }, audience: .instructors, usage: "grade.sh --solutions",
               summary: "grade the reference solutions (never touches Exercises/)"),
        Option(names: ["--solution"], action: .solution, audience: .instructors, usage: "grade.sh --solution ID",
               summary: "show the solution as a diff against the starter"),
        Option(names: ["--json"], takes: .optionalAfterEquals(needs: "--json=PATH needs a path."),
               apply: { a, value in a.json = value.map { .file($0) } ?? .standardOutput },
               audience: .instructors, usage: "grade.sh --json[=PATH]",
               summary: "print the results as JSON (--json=PATH writes a file too)"),
        Option(names: ["--merge"], action: .merge, audience: .instructors, usage: "grade.sh --merge FILE…",
               summary: "the room from results files, with no network: who is where and what it misses most"),
        Option(names: ["--html"], takes: .value(needs: "--html needs a path, such as --html=room.html."), apply: { a, value in a.html = value },
               audience: .instructors, usage: "grade.sh --merge FILE… --html=PATH", summary: "also write the room's page to a file"),
        Option(names: ["--repeats"], takes: .value(needs: "--repeats needs a whole number of at least 1.", dashes: true),
               apply: { a, value in a.repeats = try number(value, in: 1...Int.max, or: "--repeats needs a whole number of at least 1.") },
               audience: .instructors, usage: "grade.sh --repeats N", summary: "run each suite N times to detect flakiness (default 3)"),
        Option(names: ["--room-serve"], action: .roomServe, audience: .instructors, usage: "grade.sh --room-serve",
               summary: "open the live room page; prints the join line and your instructor link"),
        Option(names: ["--port"], takes: .value(needs: "--port needs a value."),
               apply: { a, value in a.port = try number(value, in: 1...65535, or: "--port needs a port number from 1 to 65535.") },
               audience: .instructors, usage: "grade.sh --room-serve --port N", summary: "the room's port (default 8787)"),
        Option(names: ["--bind"], takes: .value(needs: "--bind needs a value."), apply: { a, value in a.bind = value },
               audience: .instructors, usage: "grade.sh --room-serve --bind ADDRESS", summary: "the address the room listens on (default every address)"),
        Option(names: ["--rows-per-machine"], takes: .value(needs: "--rows-per-machine needs a value."),
               apply: { a, value in a.rowsPerMachine = try number(value, in: 1...300, or: "--rows-per-machine needs a number from 1 to 300.") },
               audience: .instructors, usage: "grade.sh --room-serve --rows-per-machine N",
               summary: "how many attendees may join from one machine (default 3)"),
        Option(names: ["--code"], takes: .value(needs: "--code needs a value."), apply: { a, value in a.roomCode = value },
               audience: .instructors, usage: "grade.sh --room-serve --code CODE", summary: "reopen the room of that code"),

        Option(names: ["--from"], takes: .value(needs: "--from needs a folder laid out like Exercises/.", dashes: true),
               apply: { a, value in
                   guard let value else { return }
                   a.source = .directory(URL(fileURLWithPath: value, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL)
               },
               audience: .maintainers, usage: "grade.sh --from DIR [ID…]",
               summary: "grade the test files of DIR, laid out like Exercises/, instead of Exercises/ (how to see a starter or a fixture fail)"),
        Option(names: ["--generated-wheats-only"], apply: { a, _ in a.generatedWheatsOnly = true }, audience: .maintainers,
               usage: "grade.sh --generated-wheats-only", summary: "leave out the written correct versions: what the perturbed timings alone find"),
        Option(names: ["--fixtures"], action: .fixtures, audience: .maintainers, usage: "grade.sh --fixtures [ID | ID/NAME]…",
               summary: "grade the weak suites of Tests/Fixtures/: one line each, expected and got"),
        Option(names: ["--attacks"], action: .attacks, audience: .maintainers, usage: "grade.sh --attacks [NAME]…",
               summary: "plant the attacks of Tests/Attacks/ and check their verdicts: one line per check"),
        Option(names: ["--times"], takes: .value(needs: "--times needs a whole number of at least 1.", dashes: true),
               apply: { a, value in a.times = try number(value, in: 1...Int.max, or: "--times needs a whole number of at least 1.") },
               audience: .maintainers, usage: "grade.sh --fixtures … --times N", summary: "grade each weak suite N times"),
        Option(names: ["--keep-logs"], takes: .value(needs: "--keep-logs needs a folder.", dashes: true),
               apply: { a, value in
                   guard let value, !value.isEmpty else { throw UsageError(description: "--keep-logs needs a folder.") }
                   a.keptLogs = value
               },
               audience: .maintainers, usage: "grade.sh --fixtures … --keep-logs DIR",
               summary: "keep the logs of a suite or attack that got another verdict (with --attacks too)"),
        Option(names: ["--check"], action: .check, audience: .maintainers, usage: "grade.sh --check [FILE…]",
               summary: "check the kata's own files against each other (the catalog, the variants, the starters, the fingerprints); with FILEs, hold results files to docs/results-json.md"),
        Option(names: ["--check-starters"], action: .checkStarters, audience: .maintainers, usage: "grade.sh --check-starters",
               summary: "fail when Exercises/ holds anything but the starters as shipped"),
        Option(names: ["--refresh-starters"], action: .refreshStarters, audience: .maintainers, usage: "grade.sh --refresh-starters",
               summary: "record Exercises/ as the starters, and the kata's own files as shipped in Catalog/sources.json (Scripts/regenerate.sh runs it)"),
        Option(names: ["--refresh-docs"], action: .refreshDocs, audience: .maintainers, usage: "grade.sh --refresh-docs",
               summary: "write the files generated from the catalog again (Scripts/regenerate.sh runs it)"),
        Option(names: ["--porcelain"], apply: { a, _ in a.porcelain = true }, audience: .maintainers, usage: "grade.sh --porcelain",
               summary: "one tab-separated line per exercise: id, verdict, reason"),
        Option(names: ["--fail-private-channel"], takes: .afterEquals(needs: Self.failPrivateChannelUsage),
               apply: { a, value in
                   let parts = (value ?? "").split(separator: ":", maxSplits: 1).map(String.init)
                   if parts.count == 2, parts[1] == "runs", let exercise = parts.first, Catalog.Framework(rawValue: exercise) == nil, exercise != "all" {
                       a.silencedExercises.insert(exercise)
                       return
                   }
                   let shape = parts.count == 2 ? ChannelFallback.CanaryShape(rawValue: parts[1]) : .silent
                   let frameworks = parts.first == "all" ? Catalog.Framework.allCases : parts.first.flatMap(Catalog.Framework.init(rawValue:)).map { [$0] }
                   guard let frameworks, let shape else { throw UsageError(description: Self.failPrivateChannelUsage) }
                   for framework in frameworks {
                       a.silencedChannels.insert(framework)
                       a.canaryShapes[framework] = shape
                   }
               },
               audience: .maintainers, usage: "grade.sh --fail-private-channel=FRAMEWORK[:SHAPE]",
               summary: "drop what xctest, swift-testing or all report through the private channel, as on a machine where it is silent, and fail that framework's canary as SHAPE says (silent, exit, trap or refuse; silent by default); =EXERCISE:runs silences that exercise's runs alone, as a test that silences itself (the self-test)"),
    ]
}
