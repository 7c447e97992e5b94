import Foundation

/// The "Next" card that ends a grade: which exercise to work on, and advice that fits what its
/// verdict saw. The text report prints it; the JSON report carries its text.
public struct NextStep: Sendable, Equatable {
    /// What the grade just showed, said before the heading: "mocking-request is done."
    public var preface: [String] = []
    /// "Next: id · title", or nil when there is nothing left to open.
    public var heading: String?
    /// The next exercise's verdict said again, briefly, after a grade of many: on a small screen it
    /// has scrolled away. A report whose screen still shows it leaves this out (`TextReport`).
    public var recap: [String] = []
    public var lines: [String]
    /// The exercise the card points to, if any.
    public var exerciseID: String?

    /// The card after a grade. `lastVerdicts` are the recorded verdicts of `Exercises/` (nil when
    /// grading the solutions or another folder, where "the next exercise to open" means nothing).
    public static func card(_ results: [ExerciseResult], catalog: Catalog,
                            lastVerdicts: [String: Verdict.Kind]?) -> NextStep? {
        guard !results.isEmpty else { return nil }
        let exercises = results.byExercise()
        let alone = exercises.count == 1
        // What this machine cannot run is said once, first, and never made the next exercise.
        let needed = exercises.filter { !$0.counts }.map(\.standing)
        let needs = Dictionary(grouping: needed, by: \.verdict.reason).sorted { $0.key < $1.key }.map { reason, results in
            "\(results.map(\.exercise.key).joined(separator: ", ")) \(results.count == 1 ? "needs" : "need") \(reason): \(results.count == 1 ? "it does" : "they do") not count."
        }
        // Done on a track this grade did not grade (`ID@swift-testing` with the XCTest track done
        // earlier): done, as the count, --list and the room say.
        let doneBefore = Set(exercises.filter { !$0.isDone && lastVerdicts?[$0.id] == .done }.map(\.id))
        // The first exercise not done, on the track that stands for it.
        if let next = exercises.first(where: { !$0.isDone && $0.counts && !doneBefore.contains($0.id) })?.standing {
            // After a grade of many, the verdict has scrolled away on a small screen: say it again
            // here, briefly, so that the card still fits a 24-line screen under the grade.
            let recap = alone || next.verdict.kind == .notStarted ? [] : Self.recap(next.verdict)
            var lines = advice(for: next, gradedAlone: alone)
            if !next.exercise.hint.isEmpty { lines.append("Hint: " + next.exercise.hint) }
            // A track named on the command line is named again: the id alone grades every track started.
            let command = next.exercise.isNamedTrack ? next.exercise.trackKey.description : next.exercise.id
            lines.append((alone ? "Grade it again: " : "Grade it alone: ") + "Scripts/grade.sh \(command)")
            return NextStep(preface: needs, heading: "Next: \(next.exercise.id) · \(next.exercise.title)", recap: recap, lines: lines,
                            exerciseID: next.exercise.id)
        }

        // Everything graded is done: first any note a done verdict carries, then what to open next.
        var preface: [String] = needs
        for noted in results where noted.verdict.kind == .done && (noted.verdict.next != nil || !noted.verdict.details.isEmpty) {
            preface.append("\(noted.exercise.id) is done, with a note: " + (noted.verdict.next ?? "see the lines under it above."))
        }
        // Done in one framework; the other track, started and not done, is said, never hidden. The
        // command ends the sentence, so that a narrow screen never breaks it between its words.
        var saidDone: Set<String> = []
        for exercise in exercises where !doneBefore.contains(exercise.id) {
            for track in exercise.unfinishedTracks where track.verdict.kind != .notStarted && track.verdict.kind.counts {
                preface.append("\(exercise.id) is done in \(exercise.standing.exercise.framework.title); your \(track.exercise.framework.title) track of it \(track.verdict.kind.phrase) (above). Finishing it is optional practice; to grade it alone: Scripts/grade.sh \(track.exercise.trackKey)")
                saidDone.insert(exercise.id)
            }
        }
        for exercise in exercises where doneBefore.contains(exercise.id) {
            for track in exercise.tracks where track.verdict.kind.counts {
                let other = Catalog.Framework.allCases.first { $0 != track.exercise.framework }?.title ?? "another framework"
                let graded = track.verdict.kind == .notStarted ? "is not started" : "\(track.verdict.kind.phrase) (above)"
                preface.append("\(exercise.id) is done in \(other) (an earlier grade); your \(track.exercise.framework.title) track of it \(graded). Finishing it is optional practice; to grade it alone: Scripts/grade.sh \(track.exercise.trackKey)")
                saidDone.insert(exercise.id)
            }
        }
        guard let lastVerdicts else {
            preface.append(needed.isEmpty ? "Every graded exercise is done." : "Every graded exercise that counts is done.")
            return NextStep(preface: preface, heading: nil, lines: [], exerciseID: nil)
        }
        let graded = Set(results.map(\.exercise.id))
        let lastGraded = results.compactMap { result in catalog.exercises.firstIndex { $0.id == result.exercise.id } }.max() ?? 0
        let open = { (exercise: Catalog.Exercise) in
            !graded.contains(exercise.id) && lastVerdicts[exercise.id] != .done && lastVerdicts[exercise.id] != .needs
        }
        // Prefer the course order after what was just graded; then anything left before it.
        let after = catalog.exercises.suffix(from: min(lastGraded + 1, catalog.exercises.count))
        guard let following = after.first(where: open) ?? catalog.exercises.first(where: open) else {
            preface.append(exercises.count == catalog.exercises.count && needed.isEmpty ? "Every exercise is done. Well played."
                                                                   : "Every exercise is done, as far as your grades show.")
            return NextStep(preface: preface, heading: nil, lines: [], exerciseID: nil)
        }
        // "X is done" once: the sentence above already said it of an exercise graded alone.
        if !(alone && needed.isEmpty && saidDone.contains(exercises[0].id)) {
            preface.append(alone && needed.isEmpty ? "\(exercises[0].id) is done." : "Every graded exercise that counts is done.")
        }
        var lines: [String] = []
        if let last = lastVerdicts[following.id], last != .notStarted {
            lines.append("Its last grade: \(last.rawValue).")
        } else {
            lines.append(openFiles(following, module: following.module))
        }
        lines.append("Grade it: Scripts/grade.sh \(following.id)")
        return NextStep(preface: preface, heading: "Next: \(following.id) · \(following.title)", lines: lines,
                        exerciseID: following.id)
    }

    /// What to do about one verdict, in words that fit it. Empty for a done verdict with no note.
    public static func advice(for result: ExerciseResult, gradedAlone: Bool) -> [String] {
        let verdict = result.verdict
        let exercise = result.exercise
        let module = result.pattern.module
        switch verdict.kind {
        case .done:
            return verdict.next.map { [$0] } ?? []
        case .notStarted:
            return [openFiles(exercise, module: module)]
        case .doesNotCompile:
            guard let next = verdict.next, !next.hasPrefix("Fix the first error") else {
                return ["Fix the first error above, then grade again."
                        + (gradedAlone ? "" : " The other exercises were graded without this one.")]
            }
            return [next]
        case .failing, .crashed:
            guard let next = verdict.next, !next.hasPrefix("Hint:") else {
                return [verdict.kind == .failing
                        ? "Your test fails on the real, correct code: read the test and message above, and check what it expects."
                        : "Your test crashed on the real code: the line above names the test and the signal."]
            }
            return [next]
        case .hangs:
            if !verdict.longWaits.isEmpty {
                return ["A wait of yours is as long as this exercise's \(seconds(exercise.timeLimit)) s limit (\(verdict.longWaits.joined(separator: ", "))), so the run is killed before it can fail: give it a second or two."]
            }
            return [(verdict.next ?? "Something waits for a callback that never comes, or without a timeout.")
                    + " Each run of this exercise is killed after \(seconds(exercise.timeLimit)) s."]
        case .missesBugs:
            let hung = verdict.missedChaffsThatHung
            let passed = verdict.missedChaffs.filter { !hung.contains($0) }
            var lines: [String] = []
            if !passed.isEmpty || hung.isEmpty {
                lines.append("For each bug above, add the assertion that fails when it happens.")
            }
            if !hung.isEmpty, !verdict.longWaits.isEmpty {
                lines.append("On \(hung.count == 1 ? "one bug" : "\(hung.count) bugs") your tests wait until they are killed at this exercise's limit of \(seconds(exercise.timeLimit)) s: a wait of yours is that long (\(verdict.longWaits.joined(separator: ", "))). Give it a second or two, so that it fails in time.")
            } else if !hung.isEmpty {
                lines.append("On \(hung.count == 1 ? "one bug" : "\(hung.count) bugs") your tests wait until they are killed at this exercise's limit of \(seconds(exercise.timeLimit)) s instead of failing: give the wait a timeout of about a second.")
            }
            return lines
        case .needs:
            return verdict.next.map { [$0] } ?? []
        case .rejectsCorrectCode, .flaky, .tooSlow:
            return verdict.next.map { [$0] } ?? []
        }
    }

    /// The verdict again, short: its reason's first line (cut at about three lines of text), and
    /// for missed bugs the first three of them. The whole verdict is printed above the card.
    static func recap(_ verdict: Verdict) -> [String] {
        // "Rejects correct code: fails on…": the verdict's word, then its reason.
        let word = verdict.kind.rawValue.prefix(1).uppercased() + verdict.kind.rawValue.dropFirst()
        let reason = verdict.reason.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        var lines = [shortened(word + (reason.isEmpty ? "." : ": " + reason), limit: recapCharacters)]
        if verdict.reason.contains("\n") && !lines[0].hasSuffix("(in full above)") { lines[0] += " … (in full above)" }
        guard verdict.kind == .missesBugs else { return lines }
        let missed = verdict.details.filter { $0.hasPrefix("- ") }
        lines += missed.prefix(3).map { shortened($0, limit: recapCharacters) }
        if missed.count > 3 { lines.append("- and \(missed.count - 3) more, above.") }
        return lines
    }

    /// About three lines of text at 80 columns.
    static let recapCharacters = 220

    /// `text`, cut at a word before `limit` characters when longer, saying where the rest is.
    static func shortened(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = String(text.prefix(limit))
        if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
        return cut + " … (in full above)"
    }

    static func openFiles(_ exercise: Catalog.Exercise, module: String) -> String {
        let files = exercise.files.map { "Exercises/\(module)/\($0)" }
        if files.count == 1 { return "Open \(files[0]) and follow its TODO." }
        return "Open \(files.dropLast().joined(separator: ", ")), then \(files.last!), and follow their TODOs in that order."
    }

    /// The card as plain text, for the JSON report.
    public var text: String {
        (preface + (heading.map { [$0] } ?? []) + recap + lines).joined(separator: "\n")
    }

    public static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
