import Foundation
import KataGradingCore

/// The sixth stage, and the only one that says verdicts: each track's, in the plan's order, from
/// the facts the stages before it found (`TrackFacts`), waiting for its runs when it ran. Each
/// result goes to `report` as soon as it is judged.
struct JudgeStage {
    var grader: Grader
    var options: GradeOptions

    struct Judged {
        var results: [ExerciseResult]
        /// The runs to keep for the next grade, once the seal is checked.
        var toKeep: [KeptRuns]
    }

    /// Judges every track of `plan`, from `facts` (what the stages before found) or its `runs` in
    /// the copy `shadow`; `keys`: the key under which each track's runs may be kept.
    func run(_ plan: GradePlan, facts found: [String: TrackFacts], runs: GradeRuns?, shadow: ShadowPackage,
             keys: [String: VerdictKey], report: (ExerciseResult) -> Void, clock: PhaseClock) throws -> Judged {
        var results: [ExerciseResult] = []
        var toKeep: [KeptRuns] = []
        let now = Date()
        for track in plan.tracks {
            var facts = found[track.key]
            if facts == nil, let runs, let trackRuns = try runs.wait(for: track, waiting: options.waiting) {
                facts = .ran(trackRuns, testFiles: { runs.testFiles(of: track) })
            }
            var verdict = facts.map { judge(track, $0) }
            // Kept runs are judged without the files: their long waits are read here, as a run's are.
            if case .kept? = facts, var kept = verdict, kept.kind == .missesBugs, !kept.missedChaffsThatHung.isEmpty {
                let files = ShadowPackage.targetFiles(of: track, extraFiles: plan.extras).compactMap { file in
                    FileContents.text(at: shadow.testFile(file, of: track)).map { (name: (file as NSString).lastPathComponent, text: $0) }
                }
                kept.longWaits = LongWaits.find(in: files, limit: track.timeLimit)
                verdict = Judge.slowedByLongWaits(kept, exercise: track)
            }
            // Runs that went through SwiftPM (`ChannelFallback`) are not kept.
            if case .ran(let trackRuns, _)? = facts, let verdict, let key = keys[track.key],
               !trackRuns.evidence.real.contains(where: { $0.viaSwiftPM == true }),
               let keeping = KeptRuns.keeping(trackRuns.evidence, verdict: verdict, of: track, key: key, date: now) {
                toKeep.append(keeping)
            }
            // A track judged by a file the grade could not take (gone, unreadable): its verdict says
            // so, and no note may add that the file "changed while it was graded".
            var missing = false
            if case .missing? = facts { missing = true }
            if verdict?.kind != .notStarted, verdict?.kind != .needs, !missing,
               let changed = changedWhileGraded(track, shadow: shadow, extras: plan.extras) {
                verdict?.details.append("- Note: \(changed) changed while it was graded: this verdict is of the version saved before the grade began. Grade again to see the new one.")
                toKeep.removeAll { $0.track == track.key }
            }
            // What the frameworks reported, in the attendee's names, not the grader's modules.
            let ownTarget = track.module + (options.source == .solutions ? "Solutions" : "Exercises")
            verdict = verdict?.inAttendeesNames(module: ownTarget)
            var seconds = 0.0
            var since: Date?
            switch facts {
            case .ran(let trackRuns, _)?: seconds = trackRuns.seconds
            case .kept(_, let date)?: since = date
            default: break
            }
            var result = ExerciseResult(exercise: track, pattern: grader.course.catalog.pattern(of: track),
                                        verdict: verdict ?? judge(track, .didNotRun), seconds: seconds, unchangedSince: since)
            // A track not started was graded with nothing: a helper it would be built with is not named.
            if !plan.untouched.contains(track.key) {
                result.extraFiles = (plan.extras[track.key] ?? []).map { "\(track.module)/\($0)" }
            }
            report(result)
            results.append(result)
        }
        clock.note("judged")
        return Judged(results: results, toKeep: toKeep)
    }

    /// The verdict `facts` make of `track`: every verdict of a grade is said here.
    func judge(_ track: Catalog.Exercise, _ facts: TrackFacts) -> Verdict {
        switch facts {
        case .cannotRun(let unmet): return Judge.needs(unmet, exercise: track)
        case .untouched: return Judge.notStarted(track, folder: "Exercises/\(track.module)/")
        case .missing(.unreadable(let line)): return Judge.unreadableFile(line)
        case .missing(.moved(let path, let lookalike, let why)): return Judge.movedFile(path, lookalike: lookalike, because: why)
        case .missing(.gone(let path)): return Judge.goneFile(path, exercise: track)
        case .missing(.cameBack): return Judge.fileCameBack(track)
        case .doesNotCompile(let error): return Judge.doesNotCompile(error)
        case .kept(let evidence, _): return Judge.judge(track, evidence: evidence)
        case .ran(let runs, let testFiles):
            var verdict = Judge.judge(track, evidence: runs.evidence)
            Judge.markThroughSwiftPM(&verdict, evidence: runs.evidence, track: track)
            if verdict.kind == .hangs || !verdict.missedChaffsThatHung.isEmpty {
                verdict.longWaits = LongWaits.find(in: testFiles(), limit: track.timeLimit)
            }
            return Judge.slowedByLongWaits(verdict, exercise: track)
        case .didNotRun: return Judge.didNotRun()
        }
    }

    /// The first file of `track` whose text differs from the copy the grade built and ran: saved
    /// while the grade went on. Nil when they agree (or the copy was never made).
    func changedWhileGraded(_ track: Catalog.Exercise, shadow: ShadowPackage, extras: [String: [String]]) -> String? {
        for file in ShadowPackage.targetFiles(of: track, extraFiles: extras) {
            let graded = shadow.targetDirectory(of: track).appendingPathComponent(file)
            guard let copy = FileContents.data(at: graded) else { return nil }
            let source = shadow.testFile(file, of: track)
            // Found as the build found it (under another case where the platform ignores case); a
            // file that is gone is the missing-file verdict's to name, not a change.
            guard let now = FileContents.data(at: source)
                ?? ShadowPackage.contents(ofCaseVariantOf: source, ignoringCase: grader.platform.simulated && grader.platform.ignoresCase) else { continue }
            if now != copy { return grader.course.paths.relative(source) }
        }
        return nil
    }
}
