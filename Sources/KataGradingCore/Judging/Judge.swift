import Foundation
import KataVerdicts

/// Turns the evidence of an exercise's runs into a verdict, in the order of the README's verdict table:
/// the real module must pass; then every correct variant must pass; then every buggy one must be
/// caught; then the runs must agree; then they must fit the time budget.
public enum Judge {
    /// The verdicts that need no run, in order: not started, a missing file, a compile error.
    public static func judgeWithoutRuns(_ exercise: Catalog.Exercise, module: String, untouched: Bool,
                                 missing: String?, broken: CompileError?) -> Verdict? {
        if untouched { return notStarted(exercise, folder: "Exercises/\(module)/") }
        if let missing { return missingFile(missing, exercise: exercise) }
        if let broken { return doesNotCompile(broken) }
        return nil
    }

    /// An exercise this machine cannot run: what it needs and what the machine has, why, and that
    /// it does not count. Judged before anything else, with no build and no run.
    public static func needs(_ unmet: TestPlatform.Unmet, exercise: Catalog.Exercise) -> Verdict {
        var details: [String] = []
        if let because = exercise.requires.because, !unmet.what.hasPrefix("Xcode") { details.append("- Because \(because).") }
        details.append("- It does not count against your course: N/M done counts only what this machine can run.")
        return Verdict(kind: .needs, reason: unmet.text, details: details, next: "\(unmet.install) to do it; or go on without it.")
    }

    public static func notStarted(_ exercise: Catalog.Exercise, folder: String) -> Verdict {
        let files = exercise.files.map { folder + $0 }
        let list = files.count == 1 ? files[0] : files.dropLast().joined(separator: ", ") + " and " + files.last!
        return Verdict(kind: .notStarted, reason: "\(list) \(files.count == 1 ? "is" : "are") still the starter.",
                       next: files.count == 1 ? "Open \(list) and follow its TODO." : "Open \(list) and follow their TODOs, in that order.")
    }

    public static func doesNotCompile(_ error: CompileError) -> Verdict {
        // The Next card words the advice, depending on whether other exercises were graded.
        if error.crashesAtStart { return Verdict(kind: .crashed, reason: "\(error.location): \(error.message)") }
        return Verdict(kind: .doesNotCompile, reason: "\(error.location): \(error.message)")
    }

    public static func missingFile(_ path: String, exercise: Catalog.Exercise) -> Verdict {
        Verdict(kind: .doesNotCompile, reason: "\(path) is missing.",
                next: "Restore the starter with: \(ShellCommand.grade("--reset", exercise.id).line)")
    }

    public static func judge(_ exercise: Catalog.Exercise, evidence: Evidence) -> Verdict {
        var verdict = judgeRuns(exercise, evidence: evidence)
        // A real run that ran and failed still took its time: null means it did not run.
        if verdict.seconds == nil { verdict.seconds = evidence.real.lazy.compactMap(\.testSeconds).first }
        let runs = evidence.real + evidence.chaffs.map(\.outcome) + evidence.wheats.map(\.outcome)
        if let cut = runs.map(\.cutBytes).max(), cut > 0 {
            verdict.details.append("- Note: your tests print so much that the grader cut \(cut / 1_000_000 > 0 ? "\(cut / 1_000_000) MB" : "\(cut / 1000) KB") of one run's output; it keeps the first 256 KB and the last 32 KB of each run for you to read, and reads your tests' results from the frameworks, not from what they print.")
        }
        return verdict
    }

    /// A track that was to run and gave no run.
    public static func didNotRun() -> Verdict {
        Verdict(kind: .failing, reason: "the tests did not run.")
    }

    static func judgeRuns(_ exercise: Catalog.Exercise, evidence: Evidence) -> Verdict {
        guard let first = evidence.real.first else { return didNotRun() }
        if let verdict = broken(first, exercise: exercise) { return verdict }

        let seconds = median(evidence.real.compactMap { $0.passedCleanly ? $0.testSeconds : nil })
        let caught = evidence.chaffs.filter { isCaught($0.outcome, exercise) }
        let missed = evidence.chaffs.filter { !isCaught($0.outcome, exercise) }
        var verdict = Verdict(kind: .done, reason: "", chaffsCaught: caught.count, chaffsTotal: evidence.chaffs.count,
                              missedChaffs: missed.map(\.variant.name), seconds: seconds)

        // Tests that are already too slow with the real code can run past the time limit on a correct
        // version that answers later, under load: that kill says they are slow, not that they reject
        // it (the too-slow verdict below says so). A correct version that fails, crashes, or differs
        // in anything but timing is still a rejection.
        let tooSlow = evidence.real.allSatisfy(\.passedCleanly) && (seconds ?? 0) > exercise.budget
        let slowedPastTheLimit = { (wheat: (variant: Variant, outcome: TestOutcome)) in
            tooSlow && isHang(wheat.outcome) && wheat.variant.difference == .timing
        }
        let written = evidence.wheats.filter { $0.variant.seed == nil }
        // A margin seed's run that hung (killed at the time limit while the code answers past its
        // contract) says nothing about the margin: never "too slow" for a generous wait.
        let generatedFailed = evidence.wheats.filter { $0.variant.seed != nil && !$0.outcome.passedCleanly && !slowedPastTheLimit($0)
            && !(isMargin($0.variant) && isHang($0.outcome)) }
        // A margin seed's failure is judged by the same timing inside the contract, run beside it:
        // failing that too rejects correct code; passing it, the suite has no room to spare. So has
        // a wait that ran out inside the contract after as long as the contract allows (a 1.0 s
        // timeout for "up to a second"): whether it makes it is a race it loses on a busy machine.
        let edgeOfContract = { (inside: (variant: Variant, outcome: TestOutcome)) in
            inside.outcome.passedCleanly || waitedAtLeastTheContract(inside)
        }
        let generated = generatedFailed.filter { !isMargin($0.variant) }
            + generatedFailed.compactMap { evidence.insideContract[$0.variant.name] }.filter { !edgeOfContract($0) }
        let atTheEdge = generatedFailed.filter { failed in
            isMargin(failed.variant) && evidence.insideContract[failed.variant.name].map(edgeOfContract) != false
        }
        if let rejected = written.first(where: { !$0.outcome.passedCleanly && !slowedPastTheLimit($0) }) {
            return rejectedByWritten(verdict, rejected, generated: generated, exercise: exercise, evidence: evidence)
        }
        // A generated wheat is the real code with its hand-offs delayed within their contract: a
        // failure its seed reproduces is the suite's, whatever the machine did.
        if let rejected = reproduced(generated, evidence) {
            return rejectedByTiming(verdict, rejected, exercise: exercise, evidence: evidence)
        }
        // The same for a planted bug: tests that take most of the budget on the real code can be
        // killed at the limit on a bug they would have caught a moment later. Until they are faster
        // that says nothing about the bug; the too-slow verdict below says what it does say.
        let killedForSlowness = missed.filter { tooSlow && isHang($0.outcome) }
        if !missed.isEmpty, killedForSlowness.count < missed.count {
            return missesBugs(verdict, caught: caught.count, missed: missed, exercise: exercise, evidence: evidence)
        }
        // Tests already past their budget on the real code (a sleep sized past the contract) are
        // told that first: waiting for the event fixes both.
        if !((seconds ?? 0) > exercise.budget), let edge = reproduced(atTheEdge, evidence) {
            return noRoomToSpare(exercise, edge, verdict: verdict)
        }
        // A margin failure its replay did not reproduce is flaky too; one it did, on tests past
        // their budget, is the too-slow verdict's below.
        if let once = generated.first ?? atTheEdge.first(where: { evidence.replays[$0.variant.name]?.passedCleanly == true }) {
            return failedOnce(verdict, once, exercise: exercise)
        }
        if let failure = evidence.real.first(where: { !$0.passedCleanly }) {
            return flakyAmongIdentical(verdict, failure, evidence: evidence)
        }
        if let seconds, seconds > exercise.budget {
            return overBudget(verdict, seconds: seconds, exercise: exercise, slowed: evidence.wheats.first(where: slowedPastTheLimit),
                              killedForSlowness: killedForSlowness.count)
        }
        verdict.reason = evidence.chaffs.isEmpty
            ? "all tests pass."
            : "caught \(caught.count) of \(evidence.chaffs.count) planted bugs" + passedWheats(written: written.count, generated: evidence.wheats.count - written.count)
        return verdict
    }

    /// A failure of the real code delayed within its contract that its seed reproduced: the suite
    /// rejects correct code, for the hand-off named.
    static func rejectedByTiming(_ verdict: Verdict, _ rejected: (variant: Variant, outcome: TestOutcome), exercise: Catalog.Exercise,
                                 evidence: Evidence) -> Verdict {
        var verdict = verdict
        verdict.kind = .rejectsCorrectCode
        verdict.reason = "fails on the real code when it takes its time within what it promises: your tests fail when \(rejected.variant.hint)."
        verdict.details = contractLines(rejected.variant) + [describe(rejected.outcome)]
            + handOffThatMatters(rejected.variant, evidence, exercise: exercise) + [replayLine(exercise, rejected.variant)]
        verdict.next = rejectionAdvice(.timing, failure: rejected.outcome, contract: rejected.variant.delays)
        verdict.cause = cause(.timing, failure: rejected.outcome)
        verdict.perturbationSeed = rejected.variant.seed
        return verdict
    }

    /// A timing that failed once and passed when replayed: flaky, with the line that replays it.
    static func failedOnce(_ verdict: Verdict, _ once: (variant: Variant, outcome: TestOutcome), exercise: Catalog.Exercise) -> Verdict {
        var verdict = verdict
        verdict.kind = .flaky
        verdict.reason = "failed once when \(once.variant.hint), and passed when the grader replayed that timing."
        verdict.details = [describe(once.outcome), replayLine(exercise, once.variant)]
        verdict.next = "Something depends on timing or on shared state between runs: wait for events, not for time."
        verdict.perturbationSeed = once.variant.seed
        return verdict
    }

    /// Identical runs of the real code that did not all pass (`failure`, one that failed): flaky.
    static func flakyAmongIdentical(_ verdict: Verdict, _ failure: TestOutcome, evidence: Evidence) -> Verdict {
        var verdict = verdict
        let passes = evidence.real.filter(\.passedCleanly).count
        verdict.kind = .flaky
        let loaded = failure.underNoise == true ? " (the one that failed ran while the grader kept every core busy, as a busy CI machine does)" : ""
        verdict.reason = "passed \(passes) of \(evidence.real.count) identical runs\(loaded)."
        verdict.details = [describe(failure)]
        verdict.next = "Something depends on timing or on shared state between runs: wait for events, not for time."
        return verdict
    }

    /// The verdict when a written correct version fails: its own hint leads, and a seed that fails
    /// the tests too gives a timing to replay.
    static func rejectedByWritten(_ verdict: Verdict, _ rejected: (variant: Variant, outcome: TestOutcome),
                                  generated: [(variant: Variant, outcome: TestOutcome)], exercise: Catalog.Exercise,
                                  evidence: Evidence) -> Verdict {
        var verdict = verdict
        verdict.kind = .rejectsCorrectCode
        // The wheat's own hint leads: it says how this correct version differs.
        verdict.reason = "fails on a correct version of the code. " + rejected.variant.hint(for: exercise.framework).prefix(1).uppercased() + rejected.variant.hint(for: exercise.framework).dropFirst()
        verdict.details = [describe(rejected.outcome)]
        // A seed that fails them too gives a timing to replay until the fix passes it.
        if let timed = reproduced(generated, evidence) {
            verdict.details.append("- They also fail when \(timed.variant.hint).")
            verdict.details.append(replayLine(exercise, timed.variant))
            verdict.perturbationSeed = timed.variant.seed
        }
        verdict.next = rejectionAdvice(rejected.variant.difference, failure: rejected.outcome, contract: rejected.variant.delays)
        verdict.cause = cause(rejected.variant.difference, failure: rejected.outcome)
        return verdict
    }

    /// The verdict when planted bugs pass: each missed bug's hint, with how it was missed.
    static func missesBugs(_ verdict: Verdict, caught: Int, missed: [(variant: Variant, outcome: TestOutcome)],
                           exercise: Catalog.Exercise, evidence: Evidence) -> Verdict {
        var verdict = verdict
        let limit = format(exercise.timeLimit)
        verdict.kind = .missesBugs
        verdict.reason = "caught \(caught) of \(evidence.chaffs.count) planted bugs. Your tests do not fail when:"
        verdict.details = missed.map { miss in
            if isHang(miss.outcome) {
                return "- (they waited until killed at the \(limit) s limit instead of failing) " + miss.variant.hint(for: exercise.framework)
            }
            if let late = miss.outcome.late.first {
                return "- (your check\(late.location.map { " at \($0)" } ?? "") failed only after its test had ended, which catches nothing) " + miss.variant.hint(for: exercise.framework)
            }
            return "- " + miss.variant.hint(for: exercise.framework)
        }
        // The Next card words the advice from which bugs the tests missed by hanging.
        verdict.missedChaffsThatHung = missed.filter { isHang($0.outcome) }.map(\.variant.name)
        return verdict
    }

    /// The verdict for tests past their budget on the real code, with what that cost them.
    static func overBudget(_ verdict: Verdict, seconds: Double, exercise: Catalog.Exercise,
                           slowed: (variant: Variant, outcome: TestOutcome)?, killedForSlowness: Int) -> Verdict {
        var verdict = verdict
        verdict.kind = .tooSlow
        verdict.reason = "the tests took \(format(seconds)) s; this exercise's budget is \(format(exercise.budget)) s."
        if let slowed {
            verdict.details = ["- A correct version that \(slowed.variant.hint(for: exercise.framework).prefix { $0 != ":" }) ran past the \(format(exercise.timeLimit)) s limit with these tests."]
        }
        if killedForSlowness > 0 {
            verdict.details.append("- \(killedForSlowness == 1 ? "A planted bug" : "\(killedForSlowness) planted bugs") kept these tests running past the \(format(exercise.timeLimit)) s limit: whether they catch \(killedForSlowness == 1 ? "it" : "them") shows once they are faster.")
            verdict.missedChaffs = []
        }
        verdict.next = "Don't wait out a timeout when the work takes milliseconds: end the wait as soon as the answer arrives, and keep fixed windows short."
        return verdict
    }

    /// A suite that misses bugs only by waiting until it is killed at the limit, with a wait of its
    /// own as long as that limit (`LongWaits`, in `verdict.longWaits`), is correct but too slow to
    /// fail in time: the verdict table's *too slow*, naming the wait to shorten. A bug it missed
    /// otherwise (it passed on it) still makes it miss bugs.
    public static func slowedByLongWaits(_ verdict: Verdict, exercise: Catalog.Exercise) -> Verdict {
        guard verdict.kind == .missesBugs, !verdict.longWaits.isEmpty, !verdict.missedChaffsThatHung.isEmpty,
              Set(verdict.missedChaffs) == Set(verdict.missedChaffsThatHung) else { return verdict }
        var slow = verdict
        let count = verdict.missedChaffsThatHung.count
        let limit = format(exercise.timeLimit)
        slow.kind = .tooSlow
        slow.reason = "on \(count == 1 ? "a planted bug" : "\(count) planted bugs") your tests waited until they were killed at this exercise's \(limit) s limit, because a wait of yours is that long (\(verdict.longWaits.joined(separator: ", ")))."
        slow.details = ["- Whether they catch \(count == 1 ? "it" : "them") shows once that wait ends before the limit."]
        slow.missedChaffs = []
        slow.missedChaffsThatHung = []
        slow.next = "Shorten that wait to a second or two: a correct answer arrives in milliseconds, and a bug then fails the test in time instead of running it past the \(limit) s limit."
        return slow
    }

    /// Whether `variant` is a margin seed's wheat: its HIGH points past their contract.
    static func isMargin(_ variant: Variant) -> Bool { variant.seed.map(Perturbation.isMargin) ?? false }

    /// The margin rule, in the words README's verdict table and Catalog/README.md's points use.
    public static let marginRule = "a correct wait leaves room to spare: the grader also \(VerdictKind.marginStretch), and a done suite still passes"

    /// The verdict for tests that pass inside the contract and fail, every time, when its hand-offs
    /// take a quarter again the longest it allows (`edge`, a margin seed's run): flaky, in the kata's
    /// sense, since a busier machine than the attendee's adds that much.
    static func noRoomToSpare(_ exercise: Catalog.Exercise, _ edge: (variant: Variant, outcome: TestOutcome), verdict: Verdict) -> Verdict {
        var verdict = verdict
        let beyond = edge.variant.delays.filter(\.beyond)
        let allows = beyond.map { seconds($0.high) }
        let allowed = allows.count <= 1 ? "the contract allows \(allows.first ?? "")" : "the contracts allow " + allows.joined(separator: " and ")
        let waited = waitedSeconds(edge.outcome)
        verdict.kind = .flaky
        verdict.reason = (waited.map { "passes only when the answer comes within \($0) s; " } ?? "passes only when the answer comes within what the contract allows; ")
            + "\(allowed), and a busy machine adds more: your tests fail when \(edge.variant.hint), a quarter again the longest the contract allows."
        verdict.details = beyond.map { "- The contract: it \($0.contract)." } + [
            "- The rule: \(marginRule).",
            describe(edge.outcome),
            replayLine(exercise, edge.variant),
        ]
        let longest = beyond.map(\.high).reduce(0, +)
        // A wait that ran out is given room; a check that assumed a time (a sleep past the
        // contract) is told to wait for the answer instead: a longer sleep is only slower.
        verdict.next = ranOutOfTime(edge.outcome)
            ? "Leave room: give the wait a deadline well past what the contract allows, for example a timeout of \(suggestedTimeout(longest)) s; it still ends as soon as the answer arrives."
            : "Don't size a fixed wait to the contract: wait for the result itself (an expectation, an await) with a deadline well past what the contract allows, for example \(suggestedTimeout(longest)) s."
        verdict.perturbationSeed = edge.variant.seed
        verdict.cause = .noRoom
        return verdict
    }

    /// The cause `rejectionAdvice` answers for a correct version that differs by `difference`.
    static func cause(_ difference: Variant.Difference, failure: TestOutcome) -> Verdict.Cause {
        switch difference {
        case .timing: return ranOutOfTime(failure) ? .deadline : .assumedTime
        case .form: return .form
        case .count: return .count
        case .input: return .input
        case .order: return .order
        case .state: return .sharedState
        }
    }

    /// Whether `run` failed on a wait that gave up no sooner than its contract's longest delay and
    /// before the margin's: one that races the contract's edge. A wait past the margin that still
    /// failed inside the contract waits for more than one hand-off (four requests, each up to
    /// 500 ms, in 1.5 s): that rejects correct code.
    static func waitedAtLeastTheContract(_ run: (variant: Variant, outcome: TestOutcome)) -> Bool {
        let longest = run.variant.delays.map(\.high).reduce(0, +)
        guard longest > 0, let waited = waitedSeconds(run.outcome).flatMap(Double.init) else { return false }
        return waited * 1000 >= Double(longest) - 0.5 && waited * 1000 < Double(Perturbation.margin(longest))
    }

    /// A timeout to suggest when the contract allows `milliseconds`: five times that, in whole seconds.
    static func suggestedTimeout(_ milliseconds: Int) -> Int { max(1, (milliseconds * 5 + 999) / 1000) }

    /// `milliseconds` as an attendee reads a contract: "1 s", "500 ms".
    static func seconds(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// The timeout a failed wait names in its message, as the attendee wrote it: "Exceeded timeout
    /// of 1.02 seconds" (XCTest's words), "still false after 0.35 s", "did not come within 1 s" (a
    /// helper's); nil when the message names none.
    static func waitedSeconds(_ outcome: TestOutcome) -> String? {
        guard case .failed(_, let message, _) = outcome.status else { return nil }
        let lower = message.lowercased()
        for words in ["timeout of ", "after ", "within "] {
            var rest = lower[...]
            while let range = rest.range(of: words) {
                rest = rest[range.upperBound...]
                let number = rest.prefix { $0.isNumber || $0 == "." }
                let unit = rest.dropFirst(number.count).drop { $0 == " " }
                guard !number.isEmpty, Double(number) != nil, words == "timeout of " || unit.hasPrefix("s") else { continue }
                return String(number.hasSuffix(".0") ? number.dropLast(2) : number)
            }
        }
        return nil
    }

    /// The end of a done verdict's reason: the correct versions passed, written and generated.
    static func passedWheats(written: Int, generated: Int) -> String {
        var parts: [String] = []
        if written > 0 { parts.append("\(written) correct variant\(written == 1 ? "" : "s")") }
        if generated > 0 { parts.append("\(generated) perturbed timing\(generated == 1 ? "" : "s")") }
        return parts.isEmpty ? "." : ", and passes " + parts.joined(separator: " and ") + "."
    }

    /// The first generated wheat that failed, whose replay with the same seed failed too.
    static func reproduced(_ failed: [(variant: Variant, outcome: TestOutcome)], _ evidence: Evidence) -> (variant: Variant, outcome: TestOutcome)? {
        failed.first { evidence.replays[$0.variant.name].map { !$0.passedCleanly } ?? true }
    }

    /// How to replay the timing a generated wheat's seed picks, on this track (`ID@framework`, as
    /// "Grade it again" names a track).
    static func replayLine(_ exercise: Catalog.Exercise, _ wheat: Variant) -> String {
        "- Replay exactly this timing: " + ShellCommand.grade(exercise.trackKey.description, "--seed", String(wheat.seed ?? 0)).line
    }

    /// The contract of each point a generated wheat delays, in its own sentence.
    static func contractLines(_ wheat: Variant) -> [String] {
        wheat.delays.map { "- The contract: it \($0.contract)." }
    }

    /// With two points or more, the hand-off that matters, named with a seed that replays it alone:
    /// for a seed that delays one point alone (the others at LOW), that point; for one that delays
    /// every point to its HIGH (the margin's timing inside the contract), the seed that delays one
    /// alone and failed too, its replay as well; when each point late alone passed, the delays
    /// together.
    static func handOffThatMatters(_ wheat: Variant, _ evidence: Evidence, exercise: Catalog.Exercise) -> [String] {
        guard wheat.delays.count > 1 else { return [] }
        let late = { (variant: Variant) in variant.delays.filter { $0.milliseconds >= $0.high && $0.high > 0 } }
        let phrase = { (delay: Perturbation.Delay) in delay.words.replacingOccurrences(of: "{ms}", with: String(delay.milliseconds)) }
        if late(wheat).count == 1, let one = late(wheat).first {
            return ["- The hand-off that matters: \(phrase(one)), the others at once: this seed replays it alone."]
        }
        guard wheat.delays.allSatisfy({ $0.milliseconds >= $0.high }) else { return [] }
        let alone = evidence.wheats.filter { other in
            other.variant.seed != nil && other.variant.name != wheat.name && late(other.variant).count == 1
        }
        let failed = alone.first { !$0.outcome.passedCleanly && evidence.replays[$0.variant.name].map { !$0.passedCleanly } != false }
        if let failed, let point = late(failed.variant).first, let seed = failed.variant.seed {
            return ["- The hand-off that matters: they fail with only this one late, \(phrase(point)); replay it alone: "
                    + ShellCommand.grade(exercise.trackKey.description, "--seed", String(seed)).line]
        }
        if alone.count == wheat.delays.count, alone.allSatisfy({ $0.outcome.passedCleanly }) {
            return ["- With any one hand-off late alone they pass: it is the delays together that your wait does not allow for."]
        }
        return []
    }

    /// Why a failure under a correct timing happened, as far as its message tells: a wait that ran
    /// out (its deadline), or nil.
    static func ranOutOfTime(_ outcome: TestOutcome) -> Bool {
        guard case .failed(_, let message, _) = outcome.status else { return false }
        let lower = message.lowercased()
        return ["exceeded timeout", "asynchronous wait failed", "timed out", "timeout"].contains { lower.contains($0) }
            || waitedSeconds(outcome) != nil
    }

    /// What to do about a rejected correct version, worded by its cause: how it differs from the
    /// real code (its `differs:` line), and for a timing, whether the failure is a wait's deadline
    /// running out (`failure`) before what the contract (`contract`, a generated wheat's points)
    /// allows. Its own hint, in the reason, says what this one does.
    public static func rejectionAdvice(_ difference: Variant.Difference, failure: TestOutcome? = nil,
                                       contract: [Perturbation.Delay] = []) -> String {
        switch difference {
        case .timing:
            if let failure, ranOutOfTime(failure) {
                let longest = contract.map(\.high).reduce(0, +)
                let allows = longest > 0 ? " (\(seconds(longest)) here)" : ""
                return "Your wait's deadline is shorter than the contract allows\(allows): give it a deadline well past that, for example a timeout of \(suggestedTimeout(max(longest, 1000))) s; it still ends as soon as the answer arrives."
            }
            return "A correct answer that arrives at another time fails your tests: they assume when it comes (a fixed sleep, a check right after the call); wait for the result itself (an expectation, an await) instead."
        case .order:
            return "A correct version that does things in another order its contract allows fails your tests: check what is promised (each item once, the end after all), not the order the real code happens to use."
        case .state:
            return "A correct version that shares state with other tests, as its contract allows, fails your tests: give each test its own instance of everything it touches (pass it in), so that no test can see what another left behind."
        case .form:
            return "A correct version that gives the same result in another form fails your tests: check what the result means (the values, the items), not how it is spelled or produced."
        case .count:
            return "A correct version that reports its progress another number of times fails your tests: check what the contract promises (a range, the last report), not the count the real code happens to make."
        case .input:
            return "A correct version fails your tests only on an input the real world never gives it: give each case what the real code would receive, one kind of reply at a time."
        }
    }

    /// A planted bug is caught when a test fails or crashes. A suite that only hangs until the
    /// grader kills it has not caught anything: run by a developer, it never fails. Nor has a check
    /// that failed after its test had ended: whether it runs at all depends on whether the process
    /// is still alive (Swift Testing charges it to no test; XCTest to one that has already ended). Skipping
    /// every test catches nothing.
    static func isCaught(_ outcome: TestOutcome, _ exercise: Catalog.Exercise) -> Bool {
        switch outcome.status {
        case .passed, .hung, .noTests, .allSkipped: return false
        case .failed, .crashed: return true
        }
    }

    static func isHang(_ outcome: TestOutcome) -> Bool {
        if case .hung = outcome.status { return true } else { return false }
    }

    /// The verdict when the real module does not pass, or nil when it does.
    static func broken(_ outcome: TestOutcome, exercise: Catalog.Exercise) -> Verdict? {
        // nil: the Next card words the advice for a failure or a crash.
        let next: String? = nil
        switch outcome.status {
        case .passed:
            guard let late = outcome.late.first else { return nil }
            return Verdict(kind: .failing, reason: lateCheck(late),
                           next: "Wait for the callback inside the test (an expectation, an await) and check after the wait, where a failure belongs to the test.")
        case .noTests:
            let write = exercise.framework == .xctest
                ? "a test method (func test…() in a final class …: XCTestCase)"
                : "a test (an @Test func, in a @Suite or at the top level)"
            return Verdict(kind: .failing, reason: "no tests ran: \(exercise.files.last ?? "the file") holds no \(exercise.framework.title) test.",
                           next: "Write at least \(write) in \(exercise.files.last ?? "the file").")
        case .allSkipped:
            return Verdict(kind: .failing, reason: describe(outcome),
                           next: "Remove what skips them (.disabled, .enabled(if:), XCTSkip): a skipped test checks nothing.")
        case .failed(_, let message, _):
            let advice = message.contains(Self.expectationViolation) ? Self.expectationAdvice
                : exercise.framework == .swiftTesting && Self.mentionsMainThread(message) ? Self.mainThreadAdvice : next
            return Verdict(kind: .failing, reason: describe(outcome), next: advice)
        case .hung(let test, let after):
            return Verdict(kind: .hangs, reason: "killed at this exercise's limit of \(format(after)) s" + (test.map { ", in \($0)" } ?? "") + ".",
                           next: "Something waits for a callback that never comes, or without a timeout: give every wait a deadline of a second or two.")
        case .crashed(let signal, let test, let deadlock, let inLibdispatch):
            if deadlock {
                return Verdict(kind: .crashed, reason: "dispatch_sync deadlock" + (test.map { " in \($0)" } ?? "") + ": a queue called sync on itself (for example SyncQueue.main from the main thread).",
                               next: Self.dispatchAdvice)
            }
            if inLibdispatch {
                // A Mac may not name the frames in between: the same lesson, without claiming more.
                return Verdict(kind: .crashed, reason: "crashed inside libdispatch (\(Self.signalName(signal).prefix { $0 != " " }))" + (test.map { " in \($0)" } ?? "")
                               + ": libdispatch stops a program that misuses it, most often with a sync call onto the queue it is already on (for example SyncQueue.main from the main thread).",
                               next: Self.dispatchAdvice)
            }
            return Verdict(kind: .crashed, reason: describe(outcome), next: next)
        }
    }

    /// XCTest's words for an expectation fulfilled more often than it expects, or after its wait:
    /// a recorded failure in swift-corelibs-xctest, an exception that ends the run in Apple's
    /// (`TestOutputParser` reads both as this failure).
    static let expectationViolation = "API violation"
    static let expectationAdvice = "An expectation was fulfilled more often than it expects, or after its wait ended: give it expectedFulfillmentCount for every call the code makes, and fulfil it only before the wait returns. Apple's XCTest stops the run on this; swift-corelibs-xctest reports it or lets it pass, so a test that relies on either is not done."

    /// Whether a failure's message is about the main thread (`#expect(Thread.isMainThread)`, a
    /// comment that says "main thread").
    static func mentionsMainThread(_ message: String) -> Bool {
        message.contains("isMainThread") || message.lowercased().contains("main thread")
    }

    /// Swift Testing on Linux drains the main queue from a worker thread: inside a handler that did
    /// run on the main queue, `Thread.isMainThread` is false (docs/platforms.md).
    static let mainThreadAdvice = "Under Swift Testing on Linux, work on the main queue runs on a worker thread, so Thread.isMainThread is false even inside a handler that did run on the main queue. Check the queue instead: dispatchPrecondition(condition: .onQueue(.main)) or MainActor.assertIsolated() in the handler, or a DispatchSpecificKey set on the main queue and read there; these hold on macOS and Linux alike."

    /// What to do about a `dispatch_sync` deadlock, however it was told.
    static let dispatchAdvice = "Don't dispatch synchronously onto the queue you are already on."

    static func lateCheck(_ late: RunReport.Failure) -> String {
        "a check failed after its test had ended" + (late.location.map { " (\($0))" } ?? "") + ": \(late.message). It belongs to no test, and whether it runs at all depends on timing; `swift test` still reports it."
    }

    static func describe(_ outcome: TestOutcome) -> String {
        if outcome.passed, let late = outcome.late.first { return lateCheck(late) }
        return describe(outcome.status)
    }

    static func describe(_ status: TestOutcome.Status) -> String {
        switch status {
        case .passed: return "passed."
        case .noTests: return "no tests ran."
        case .allSkipped(let count, let reason):
            return "no test ran: \(count == 1 ? "the only test was" : "all \(count) tests were") skipped" + (reason.map { " (\($0))" } ?? "") + "."
        case .failed(let test, let message, let location):
            return [test, message].compactMap { $0 }.joined(separator: ": ") + (location.map { " (\($0))" } ?? "")
        case .hung(let test, let after):
            return "hung until killed after \(format(after)) s" + (test.map { " in \($0)" } ?? "")
        case .crashed(let signal, let test, let deadlock, let inLibdispatch):
            let what = deadlock ? "dispatch_sync deadlock"
                : inLibdispatch ? "crashed inside libdispatch (\(signalName(signal).prefix { $0 != " " }))" : "crashed with \(signalName(signal))"
            return what + (test.map { " in \($0)" } ?? "")
        }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 4: return "SIGILL (a Swift runtime trap: fatalError, force-unwrap of nil, out of range…)"
        case 5: return "SIGTRAP (a Swift runtime trap: fatalError, force-unwrap of nil, out of range…)"
        case 6: return "SIGABRT"
        case 11: return "SIGSEGV"
        case 9: return "SIGKILL"
        default: return "signal \(signal)"
        }
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }

    static func format(_ seconds: Double) -> String {
        seconds >= 10 ? String(Int(seconds.rounded())) : String(format: "%.2f", seconds)
    }
}
