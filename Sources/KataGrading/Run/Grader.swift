import Foundation
import KataGradingCore

/// The grading pipeline, one step after the other: plan the grade from the course, build the
/// shadow copy, judge what needs no run, run the rest against the real module and its variants,
/// and judge each track as its runs come in. Each step is its own type; this one only hands each
/// step's result to the next.
public struct Grader: Sendable {
    public let course: Course
    /// What the grader decides differently on each platform, and what this machine can run.
    public let platform: TestPlatform
    /// Where a framework goes when the private channel is silent on this machine.
    public let fallback: ChannelFallback

    public init(course: Course, platform: TestPlatform, fallback: ChannelFallback? = nil) {
        self.course = course
        self.platform = platform
        self.fallback = fallback ?? ChannelFallback(system: platform.system)
    }

    /// Grades while holding the checkout's lock, so that two grade.sh runs never share the shadow
    /// copy at once: the second one says it is waiting, then goes on.
    public func gradeLocked(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                            report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let lock = try CheckoutLock.acquire(in: course.paths.state) { StandardError().write($0) }
        defer { lock.release() }
        // However this grade ends, nothing it started or adopted outlives it.
        defer {
            ProcessRunner.shared.endAdopted()
            ProcessRunner.shared.endMarked(runsOf: course.paths.root)
        }
        ProcessRunner.shared.endMarked(runsOf: course.paths.root)
        ProcessRunner.shared.removeLeftoverTemporaries()
        RunFolder.removeLeftovers(for: course.paths.root)
        // The kata's own files (catalog, legacy and grader sources, manifest) as shipped, before
        // anything is built; put back, and the grade stopped, if a test changed them.
        let shipped = try ShippedKata.verified(course.paths)
        let results: [ExerciseResult]
        do {
            results = try grade(selected, options: options, swift: swift, report: report)
        } catch {
            ProcessRunner.shared.endAdopted()
            try shipped.checkUnchanged()
            throw error
        }
        try shipped.checkUnchanged()
        return results
    }

    /// Grades `selected`, handing each track's result to `report` as soon as it is judged, in order.
    /// `replayDistrusted`: this is the grade again after a binary the build replay made ran no
    /// test (SwiftPM builds this time).
    public func grade(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                      replayDistrusted: Bool = false, report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let clock = PhaseClock()
        let plan = course.plan(selected, source: options.source)
        // What this machine cannot run is judged first: neither built, nor looked up, nor run.
        var decided = unrunnable()
        let shadowBuild = try ShadowBuild(course: course, plan: plan, swift: swift, platform: platform, leftOut: Set(decided.keys))
        let prepared = try shadowBuild.prepare()
        clock.note("copied")
        for track in plan.tracks where decided[track.key] == nil {
            decided[track.key] = judgedWithoutRuns(track, plan: plan, missing: prepared.missing, broken: prepared.broken)
        }
        // The runs kept from an earlier grade of what is still the same: judged again, not made again.
        let cache = VerdictCache(paths: course.paths, source: options.source)
        let keys = verdictKeys(plan.tracks.filter { decided[$0.key] == nil && prepared.synced.contains($0.key) },
                               prepared: prepared, plan: plan, options: options, swift: swift)
        var kept: [String: (verdict: Verdict, since: Date)] = [:]
        if !options.regrade {
            for track in plan.tracks {
                guard let key = keys[track.key], let runs = cache.kept(track, key: key),
                      let evidence = runs.evidence(variants: course.variants, module: track.module) else { continue }
                let verdict = Judge.judge(track, evidence: evidence)
                if KeptRuns.mayKeep(verdict, evidence: evidence, of: track) { kept[track.key] = (verdict, runs.date) }
            }
        }
        clock.note("looked up kept runs")
        let toBuild = plan.tracks.filter { decided[$0.key] == nil && kept[$0.key] == nil }
        var runs: GradeRuns?
        // Tracks judged by a file the copy could not take (gone, unreadable): their verdict says so,
        // and no note may add that the file "changed while it was graded".
        var judgedMissing: Set<String> = []
        // What the grader trusts is sealed before anything built from the attendee's files runs
        // (the build replay's listing, else the runs), and checked once it is all over.
        let watch = SealWatch(state: course.paths.state, shadow: shadowBuild.shadow.directory)
        if !toBuild.isEmpty {
            let build = try shadowBuild.run(after: prepared, watch: watch)
            clock.note("built")
            for track in toBuild {
                decided[track.key] = judgedWithoutRuns(track, plan: plan, missing: build.missing, broken: build.broken)
                if build.missing[track.key] != nil, !plan.untouched.contains(track.key) { judgedMissing.insert(track.key) }
            }
            let toRun = toBuild.filter { decided[$0.key] == nil }
            if !toRun.isEmpty {
                watch.willRunBuiltCode()
                clock.note("sealed")
                runs = try GradeRuns(toRun, of: build, course: course, options: options, platform: platform, seal: watch.seal!,
                                     fallback: fallback, swift: swift)
                clock.note("runs started")
                do {
                    try runs?.waitForReplayedTracks(waiting: options.waiting)
                } catch let untrusted as TrackRunner.ReplayRanNoTest where !replayDistrusted {
                    // Not judged: once every run is over and the seal checked, SwiftPM builds, and
                    // the grade starts again from its binary. Nothing was reported yet.
                    runs?.waitForAll()
                    ProcessRunner.shared.endAdopted()
                    try watch.release(course.paths, swiftPMRan: !fallback.frameworksOn.isEmpty)
                    shadowBuild.distrustReplay(untrusted.description)
                    return try grade(selected, options: options, swift: swift, replayDistrusted: true, report: report)
                }
            }
        }

        var results: [ExerciseResult] = []
        var toKeep: [KeptRuns] = []
        let now = Date()
        for track in plan.tracks {
            var verdict = decided[track.key] ?? kept[track.key]?.verdict
            var seconds = 0.0
            if verdict == nil, let trackRuns = try runs?.wait(for: track, waiting: options.waiting) {
                let evidence = trackRuns.evidence
                verdict = Judge.judge(track, evidence: evidence)
                if var judged = verdict { ChannelFallback.mark(&judged, evidence: evidence, track: track); verdict = judged }
                let throughSwiftPM = evidence.real.contains { $0.viaSwiftPM == true }
                if verdict?.kind == .hangs || !(verdict?.missedChaffsThatHung.isEmpty ?? true) {
                    verdict?.longWaits = LongWaits.find(in: runs?.testFiles(of: track) ?? [], limit: track.timeLimit)
                }
                seconds = trackRuns.seconds
                if let verdict, let key = keys[track.key], !throughSwiftPM,
                   let keeping = KeptRuns.keeping(evidence, verdict: verdict, of: track, key: key, date: now) {
                    toKeep.append(keeping)
                }
            }
            if verdict?.kind != .notStarted, verdict?.kind != .needs, !judgedMissing.contains(track.key), let changed = changedWhileGraded(track, shadow: shadowBuild.shadow, extras: plan.extras) {
                verdict?.details.append("- Note: \(changed) changed while it was graded: this verdict is of the version saved before the grade began. Grade again to see the new one.")
                toKeep.removeAll { $0.track == track.key }
            }
            // What the frameworks reported, in the attendee's names, not the grader's modules.
            let ownTarget = track.module + (options.source == .solutions ? "Solutions" : "Exercises")
            verdict = verdict?.inAttendeesNames(module: ownTarget)
            var result = ExerciseResult(exercise: track, pattern: course.catalog.pattern(of: track),
                                        verdict: verdict ?? Verdict(kind: .failing, reason: "the tests did not run."), seconds: seconds,
                                        unchangedSince: verdict != nil && decided[track.key] == nil ? kept[track.key]?.since : nil)
            result.extraFiles = (plan.extras[track.key] ?? []).map { "\(track.module)/\($0)" }
            report(result)
            results.append(result)
        }
        clock.note("judged")
        if watch.seal != nil {
            ProcessRunner.shared.endAdopted()
            try watch.release(course.paths, swiftPMRan: !fallback.frameworksOn.isEmpty)
            clock.note("seal checked")
        }
        // Only now, with the seal held: nothing a test wrote during this grade is kept as its runs.
        cache.keep(toKeep)
        KnownSwiftVersion.keepAsked(in: course.paths.state)
        RunTimings.record(results, source: options.source, course.paths)
        return results
    }

    /// The tracks this machine cannot run (`needs`), by key, with their verdicts.
    func unrunnable() -> [String: Verdict] {
        var needs: [String: Verdict] = [:]
        for track in course.catalog.allTracks {
            if let unmet = platform.unmet(track.requires, framework: track.framework) { needs[track.key] = Judge.needs(unmet, exercise: track) }
        }
        return needs
    }

    /// Builds the shadow copy of `Exercises/` ahead of the next grade, when no build of it ever
    /// started. A fresh clone's first run grades every exercise "not started" and so builds
    /// nothing; the attendee's first real grade then built the copy from nothing (18 s on a quiet
    /// machine, 50 s on a busy one) after the first run had already built the grader. Built now, as
    /// the next grade will build it (the legacy modules with their variants, the grader's hook,
    /// every started track), that grade only compiles the edited track and links, on either
    /// framework's track. Said on standard error, with SwiftPM's `[n/m]` on a terminal.
    ///
    /// Bounded and stopped like any build (Ctrl-C ends it; the next grade then builds what is
    /// left). Skipped when another grade.sh holds the checkout, which builds the copy itself. A
    /// failure only says so: the next grade builds, and names what fails.
    public func prepareCopy(swift: String) {
        // Every grade asks: a built copy answers with one `stat`, and costs a grade nothing more.
        guard ShadowBuild.exercisesCopyNeverBuilt(course.paths),
              let lock = CheckoutLock.acquireIfFree(in: course.paths.state) else { return }
        defer { lock.release() }
        defer { ProcessRunner.shared.endAdopted() }
        let plan = course.plan(course.catalog.exercises, source: .exercises)
        guard var shadowBuild = try? ShadowBuild(course: course, plan: plan, swift: swift, platform: platform,
                                                 leftOut: Set(unrunnable().keys)),
              shadowBuild.neverBuilt else { return }
        shadowBuild.ahead = true
        do {
            _ = try Interruption.saying(Self.copyInterrupted) { try shadowBuild.run(after: try shadowBuild.prepare()) }
        } catch {
            StandardError().write("The grader's copy of the kata did not build (\(error)); your next grade builds it again.\n")
        }
    }

    /// What Ctrl-C while `prepareCopy` builds says.
    static let copyInterrupted = "\nStopped building the grader's copy of the kata; your next grade builds the rest. Your files are untouched.\n"

    /// The verdicts that need no run: not started, files missing or unreadable (said as such, with
    /// the command that fixes it), a compile error.
    func judgedWithoutRuns(_ track: Catalog.Exercise, plan: GradePlan, missing: [String: String],
                           broken: [String: CompileError]) -> Verdict? {
        let untouched = plan.untouched.contains(track.key)
        if !untouched, missing[track.key] != nil {
            return MissingFiles(course: course, testsRoot: plan.testsRoot).verdict(for: track, extras: plan.extras[track.key] ?? [])
        }
        return Judge.judgeWithoutRuns(track, module: track.module, untouched: untouched, missing: nil, broken: broken[track.key])
    }

    /// The key of each of `tracks` (`VerdictKey`), from the copy `prepared` left and the
    /// exercise's folder as `plan` reads it.
    func verdictKeys(_ tracks: [Catalog.Exercise], prepared: ShadowBuild.Prepared, plan: GradePlan, options: GradeOptions,
                     swift: String) -> [String: VerdictKey] {
        guard !tracks.isEmpty else { return [:] }
        let machine = GradingMachine.current(swift: swift, decisions: platform)
        let manifest = Fingerprint.ofFile(at: course.paths.manifest) ?? "missing"
        var folders: [String: [String: String]] = [:]
        var keys: [String: VerdictKey] = [:]
        for track in tracks {
            if folders[track.module] == nil { folders[track.module] = exerciseFolder(track.module, testsRoot: plan.testsRoot) }
            keys[track.key] = VerdictKey.of(track, variants: course.variants, files: prepared.files, manifest: manifest,
                                            machine: machine, repeats: options.repeats,
                                            exerciseFolder: ownFolderFiles(of: track, in: folders[track.module] ?? [:], extras: plan.extras))
        }
        return keys
    }

    /// Every file under the pattern's folder of the tests (`Exercises/Mocking/…`), whatever its
    /// kind, by path in it, with its fingerprint: a test may read a fixture there as it runs.
    func exerciseFolder(_ module: String, testsRoot: URL) -> [String: String] {
        let folder = testsRoot.appendingPathComponent(module)
        var prints: [String: String] = [:]
        for file in (try? FileTree.files(under: folder)) ?? [] {
            prints[file] = Fingerprint.ofFile(at: folder.appendingPathComponent(file)) ?? "unreadable"
        }
        return prints
    }

    /// `folder` without the test files the catalog gives other tracks only: those are compiled
    /// into their own tracks, so an edit of the next exercise keeps this one's runs.
    func ownFolderFiles(of track: Catalog.Exercise, in folder: [String: String], extras: [String: [String]]) -> [String: String] {
        let own = Set(track.files + track.uses + (extras[track.key] ?? []))
        let others = Set(course.catalog.allTracks.filter { $0.module == track.module }.flatMap { $0.files + $0.uses + (extras[$0.key] ?? []) })
        return folder.filter { own.contains($0.key) || !others.contains($0.key) }
    }

    /// The first file of `track` whose text differs from the copy the grade built and ran: saved
    /// while the grade went on. Nil when they agree (or the copy was never made).
    func changedWhileGraded(_ track: Catalog.Exercise, shadow: ShadowPackage, extras: [String: [String]]) -> String? {
        for file in ShadowPackage.targetFiles(of: track, extraFiles: extras) {
            let graded = shadow.targetDirectory(of: track).appendingPathComponent(file)
            guard let copy = FileManager.default.contents(atPath: graded.path) else { return nil }
            let source = shadow.testFile(file, of: track)
            // Found as the build found it (under another case where the platform ignores case); a
            // file that is gone is the missing-file verdict's to name, not a change.
            guard let now = FileManager.default.contents(atPath: source.path)
                ?? ShadowPackage.contents(ofCaseVariantOf: source, ignoringCase: platform.simulated && platform.ignoresCase) else { continue }
            if now != copy { return course.paths.relative(source) }
        }
        return nil
    }
}

/// With `KATA_TRACE` set, when each step of a grade ended, for maintainers measuring where a grade's
/// time goes (`Scripts/bench.sh` measures the whole).
struct PhaseClock {
    private let start = Date()
    private let on = ProcessInfo.processInfo.environment["KATA_TRACE"] != nil

    func note(_ step: String) {
        guard on else { return }
        StandardError().write(String(format: "[kata] %6.3f s  %@\n", Date().timeIntervalSince(start), step))
    }
}
