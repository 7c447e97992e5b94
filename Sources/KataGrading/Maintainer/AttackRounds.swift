import Foundation
import KataGradingCore
import KataVerdicts

/// `grade.sh --attacks [NAME…] [--keep-logs DIR]`: plants the attacks of `Tests/Attacks/` (`Attack`)
/// in a copy of `Solutions/` (`.build/kata/attacks/`), grades them, and prints one tab-separated
/// line per check: the attack's name, what is checked (the `attack` file's key: `expect`, `reason`,
/// `after`, `warm`, `then-edit`, `stops`, `fresh`, `fixture`), what it must get, what it got, and
/// the grade's reason or error. A check passed when what it got is what it must get, word for word.
/// `swift test` reads these lines: one case per attack (`AttackCases` in `Tests/KataCasesTests`),
/// all of one `swift test` graded in one `--attacks` run.
///
/// Attacks share rounds (`PlantedRounds`: one per exercise and none over a file another attack's
/// exercise of the round compiles with); one that poisons what every grade shares, or whose test
/// reads a fixture, is graded alone. Each grade is made by a grader as a new `grade.sh` run makes
/// it, so that no answer read before an attack outlives it in memory.
struct AttackRounds {
    var course: Course
    var swift: String
    /// A grader as a new grade makes it; with `askAgain`, it asks the toolchain again (`--regrade`).
    var grader: (_ askAgain: Bool) -> Grader

    struct Case: PlantedCase {
        var attack: Attack
        /// The attacked exercise, with all its tracks, and the track its `exercise:` names.
        var exercise: Catalog.Exercise
        var track: Catalog.Exercise
        var exerciseID: String { exercise.id }
        var writes: Set<String> { [attack.plant] }
        var reads: Set<String> { exercise.compiledFiles.union(writes) }
        var alone: Bool { attack.poisons || attack.fixture != nil }
    }

    /// One line of the output.
    struct Check: Equatable {
        var attack: String
        var key: String
        var must: String
        var got: String
        var detail: String
        var passed: Bool { must == got }
        var line: String {
            [attack, key, must, got, detail].map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
                .joined(separator: "\t")
        }
    }

    /// The attacks `names` asks for, all of them when it is empty, each checked against the
    /// catalog and `Solutions/`.
    static func cases(_ names: [String], catalog: Catalog, root: URL, system: TestPlatform.System = TestPlatform.native) throws -> [Case] {
        let all = try Attack.all(root: root)
        for name in names where !all.contains(where: { $0.name == name }) {
            let near = Arguments.closest(to: name, among: all.map(\.name))
            throw Arguments.UsageError(description: "no attack '\(name)' in Tests/Attacks/."
                + (near.isEmpty ? "" : " Did you mean \(near.joined(separator: " or "))?"))
        }
        let solutions = root.appendingPathComponent("Solutions")
        // One whose verdict holds on another system only is not planted here (`Attack.checkedHere`).
        return try all.filter { (names.isEmpty || names.contains($0.name)) && $0.checked(on: system) }.map { attack in
            let file = "Tests/Attacks/\(attack.name)/attack"
            guard let track = catalog.allTracks.first(where: { $0.key == attack.exercise }),
                  let exercise = catalog.exercises.first(where: { $0.id == track.id }) else {
                throw Attack.Invalid(file: file, problem: "'exercise: \(attack.exercise)' is no track of the catalog")
            }
            for planted in [attack.plant, attack.thenEdit].compactMap({ $0 })
            where !FileManager.default.fileExists(atPath: solutions.appendingPathComponent(planted).path) {
                throw Attack.Invalid(file: file, problem: "\(planted) is no file of Solutions/")
            }
            return Case(attack: attack, exercise: exercise, track: track)
        }
    }

    private var folder: URL { course.paths.state.appendingPathComponent("attacks") }
    private var solutions: URL { course.paths.solutions }

    /// Grades `cases` round after round, handing each check to `report` as it is made. With
    /// `keptLogs`, the grader's logs of an exercise whose check failed are copied there. True when
    /// every check passed.
    func run(_ cases: [Case], keptLogs: URL?, report: (Check) -> Void) throws -> Bool {
        var allPassed = true
        let rounds = PlantedRounds.plan(cases)
        for (number, round) in rounds.enumerated() {
            StandardError().write("attacks, round \(number + 1) of \(rounds.count): \(round.map(\.attack.name).joined(separator: ", "))\n")
            let checks: [Check]
            if let alone = round.first, alone.alone {
                checks = try alone.attack.fixture != nil ? fixtureRound(alone, keptLogs: keptLogs, report: report)
                                                          : poisonRound(alone, keptLogs: keptLogs, report: report)
            } else {
                checks = try sharedRound(round, keptLogs: keptLogs, report: report)
            }
            allPassed = allPassed && checks.allSatisfy(\.passed)
        }
        return allPassed
    }

    /// What a grade came to: results, or the error that stopped it.
    private enum Outcome {
        case graded([ExerciseResult])
        case stopped(String)

        func result(_ key: String) -> ExerciseResult? {
            guard case .graded(let results) = self else { return nil }
            return results.first { $0.exercise.key == key }
        }
        /// The verdict of `key` as a check writes it, and the reason (or why there is none).
        func verdict(_ key: String) -> (got: String, detail: String) {
            switch self {
            case .stopped(let error): return ("stopped", error)
            case .graded:
                guard let result = result(key) else { return ("(none)", "no verdict for \(key)") }
                // No attack asks for `swift test`: one graded through it (a fallback that an earlier
                // attack of the command switched on) is not the verdict the attack must get.
                let through = result.verdict.viaSwiftPM ? " through swift test" : ""
                return (result.verdict.kind.rawValue + through, TextReport.porcelainReason(result))
            }
        }
    }

    /// Lays `cases` (and `files`, by path) over the copy of `Solutions/`.
    private func plant(_ cases: [Case], files: [String: Data] = [:]) throws {
        var files = files
        for planted in cases { files[planted.attack.plant] = try planted.attack.planted(over: solutions) }
        try PlantedRounds.plant(files, over: solutions, in: folder)
    }

    private func grade(_ exercises: [Catalog.Exercise], regrade: Bool = false) -> Outcome {
        var options = GradeOptions()
        options.source = .directory(folder)
        options.regrade = regrade
        do {
            return .graded(try grader(regrade).gradeLocked(exercises, options: options, swift: swift) { _ in })
        } catch {
            return .stopped(GradeCommand.describe(error))
        }
    }

    /// Makes the checks of one grade of `attack`, reports them, and keeps the grader's logs of
    /// `exercise` when one failed.
    private func checked(_ checks: [Check], exercise: String, keptLogs: URL?, report: (Check) -> Void) -> [Check] {
        checks.forEach(report)
        if let keptLogs, let failed = checks.first(where: { !$0.passed }) {
            PlantedRounds.keepLogs(of: exercise, from: .directory(folder), state: course.paths.state,
                                   as: "\(failed.attack)-\(failed.key)", in: keptLogs)
        }
        return checks
    }

    /// `expect:` (as `key`) and `reason:` of `attack`'s track in `outcome`.
    private func verdictChecks(_ attack: Case, _ outcome: Outcome, key: String = "expect", must: VerdictKind? = nil) -> [Check] {
        let (got, detail) = outcome.verdict(attack.track.key)
        var checks = [Check(attack: attack.attack.name, key: key, must: (must ?? attack.attack.expect).rawValue, got: got, detail: detail)]
        if key == "expect", let reason = attack.attack.reason {
            let says = "says \"\(reason)\""
            checks.append(Check(attack: attack.attack.name, key: "reason", must: says,
                                got: outcome.result(attack.track.key).map(TextReport.porcelainReason)?.contains(reason) == true ? says : "does not say \"\(reason)\"",
                                detail: detail))
        }
        return checks
    }

    /// The next grade made its runs again: its reason does not say it was judged from kept runs.
    private func freshCheck(_ attack: Case, _ outcome: Outcome) -> Check {
        let (verdict, detail) = outcome.verdict(attack.track.key)
        let got = outcome.result(attack.track.key).map { $0.unchangedSince == nil ? "runs made again" : "kept runs judged" } ?? verdict
        return Check(attack: attack.attack.name, key: "fresh", must: "runs made again", got: got, detail: detail)
    }

    /// Attacks that leave what grades share alone: one grade of all their tracks, then, for those
    /// with `after:`, a grade with their files put back as shipped.
    private func sharedRound(_ round: [Case], keptLogs: URL?, report: (Check) -> Void) throws -> [Check] {
        try plant(round)
        let outcome = grade(round.map(\.track))
        var checks = round.flatMap { checked(verdictChecks($0, outcome), exercise: $0.exerciseID, keptLogs: keptLogs, report: report) }
        let after = round.filter { $0.attack.after != nil }
        guard !after.isEmpty else { return checks }
        try plant(round.filter { $0.attack.after == nil })
        let next = grade(after.map(\.track))
        for attack in after {
            checks += checked(verdictChecks(attack, next, key: "after", must: attack.attack.after), exercise: attack.exerciseID,
                              keptLogs: keptLogs, report: report)
        }
        return checks
    }

    /// An attack on the grader's folder or the kata's files, alone: its grade stops saying so, and
    /// the next grade, without it, is right.
    private func poisonRound(_ attack: Case, keptLogs: URL?, report: (Check) -> Void) throws -> [Check] {
        let name = attack.attack.name
        var checks: [Check] = []
        func check(_ made: [Check]) { checks += checked(made, exercise: attack.exerciseID, keptLogs: keptLogs, report: report) }
        if attack.attack.warm {
            // Graded once without the attack, so that the grader keeps runs for it to find.
            try plant([])
            check(verdictChecks(attack, grade([attack.exercise]), key: "warm", must: .done))
        }
        try plant([attack])
        if let edited = attack.attack.thenEdit {
            // Its own grade is right; the grade after an edit of another file is the one that must stop.
            check(verdictChecks(attack, grade([attack.exercise]), key: "then-edit"))
            let shipped = try Data(contentsOf: solutions.appendingPathComponent(edited))
            try plant([attack], files: [edited: shipped + Data("\nprivate func attackThenEdit() -> Int { 1 }\n".utf8)])
        }
        let stops = attack.attack.stops ?? Attack.defaultStops
        let must = "stopped, saying \"\(stops)\""
        switch grade([attack.exercise]) {
        case .stopped(let error):
            check([Check(attack: name, key: "stops", must: must, got: error.contains(stops) ? must : "stopped, saying something else", detail: error)])
        case .graded(let results):
            let (got, detail) = Outcome.graded(results).verdict(attack.track.key)
            check([Check(attack: name, key: "stops", must: must, got: "not stopped: \(got)", detail: detail)])
        }
        // The next grade, without the attack, makes its runs again (a regrade), so that it shows
        // what the healed folder does; an attack on the kept runs shows instead that none of them
        // is judged again.
        try plant([])
        let next = grade([attack.exercise], regrade: !attack.attack.fresh)
        check(verdictChecks(attack, next) + (attack.attack.fresh ? [freshCheck(attack, next)] : []))
        return checks
    }

    /// A test that reads a file as it runs: done with the file as shipped, then graded `expect:`
    /// from runs made again once only that file changed. The grade runs from the copy, so that the
    /// test finds its fixture where an attendee's finds it beside `swift test`: by the folder it
    /// runs in.
    private func fixtureRound(_ attack: Case, keptLogs: URL?, report: (Check) -> Void) throws -> [Check] {
        guard let fixture = attack.attack.fixture else { return [] }
        let fm = FileManager.default
        let before = fm.currentDirectoryPath
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        guard fm.changeCurrentDirectoryPath(folder.path) else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path]) }
        defer { _ = fm.changeCurrentDirectoryPath(before) }
        var checks: [Check] = []
        for (file, isChanged) in [("fixture.txt", false), ("changed.txt", true)] {
            try plant([attack], files: [fixture: try Data(contentsOf: attack.attack.folder.appendingPathComponent(file))])
            let outcome = grade([attack.exercise])
            let made = isChanged ? verdictChecks(attack, outcome) + [freshCheck(attack, outcome)]
                                 : verdictChecks(attack, outcome, key: "fixture", must: .done)
            checks += checked(made, exercise: attack.exerciseID, keptLogs: keptLogs, report: report)
        }
        return checks
    }
}
