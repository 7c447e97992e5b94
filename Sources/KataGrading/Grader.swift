import Foundation
import KataGradingCore

/// Which test files to grade.
public enum TestSource: Sendable, Equatable {
    /// The attendee's `Exercises/`.
    case exercises
    /// The reference `Solutions/`: the instructor's demo. Never reads or writes `Exercises/`.
    case solutions
    /// Another folder laid out like `Exercises/`, such as the self-test's planted copies.
    case directory(URL)
}

extension TestSource {
    /// The grader's shadow copy for this source, under `.build/kata/`: one per source, so that
    /// switching between them never rebuilds from cold.
    var shadowName: String {
        switch self {
        case .exercises: return "exercises"
        case .solutions: return "solutions"
        case .directory: return "planted"
        }
    }

    /// What the text report says it grades.
    var label: String {
        switch self {
        case .exercises: return "Exercises/"
        case .solutions: return "Solutions/, the reference solutions"
        case .directory(let url): return url.path
        }
    }

    /// The JSON report's `source` field.
    var reportName: String {
        switch self {
        case .exercises, .solutions: return shadowName
        case .directory(let url): return url.path
        }
    }
}

public struct GradeOptions: Sendable {
    public var source: TestSource = .exercises
    /// How many times the real module's tests run; runs that disagree make a suite flaky.
    public var repeats: Int = 3
    public init() {}
}

/// The grading pipeline: sync the shadow copy, build it, run each exercise against the real module
/// and its variants, and judge. Each step is its own type; this one only sequences them.
public final class Grader: @unchecked Sendable {
    public let paths: KataPaths
    public let catalog: Catalog
    public let variants: [Variant]
    public let starters: StarterFingerprints

    public init(paths: KataPaths) throws {
        self.paths = paths
        catalog = try Catalog.load(from: paths.catalog).preferring(FrameworkChoice.load(paths))
        variants = try Variant.loadAll(from: paths.variants)
        starters = try StarterFingerprints.load(from: paths.starters)
        try checkVariantNames()
    }

    func checkVariantNames() throws {
        for exercise in catalog.exercises {
            let module = exercise.module
            for (names, kind) in [(exercise.chaffs, Variant.Kind.chaff), (exercise.wheats, .wheat)] {
                for name in names where !variants.contains(where: { $0.module == module && $0.name == name && $0.kind == kind }) {
                    throw CatalogError("\(paths.relative(paths.catalog)): exercise '\(exercise.id)' lists the \(kind.rawValue) '\(name)', but Catalog/Variants/\(module)/\(name).\(kind.rawValue) does not exist.")
                }
            }
        }
    }

    public func testsRoot(for source: TestSource) -> URL {
        switch source {
        case .exercises: return paths.exercises
        case .solutions: return paths.solutions
        case .directory(let url): return url
        }
    }

    public var starterStore: StarterStore {
        StarterStore(paths: paths, catalog: catalog, fingerprints: starters)
    }

    /// Grades while holding the checkout's lock, so that two grade.sh runs never share the shadow
    /// copy at once: the second one says it is waiting, then goes on.
    public func gradeLocked(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                            report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let lock = try CheckoutLock.acquire(in: paths.state) {
            StandardError().write("Another grade.sh is running in this checkout; waiting for it to finish…\n")
        }
        defer { lock.release() }
        // Left by a grade that was killed outright: nothing of it is running any more.
        if let temporary = ProcessRunner.shared.temporaryRoot {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where entry.hasPrefix("p") {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(entry))
            }
        }
        return try grade(selected, options: options, swift: swift, progress: BuildProgress(), report: report)
    }

    public func grade(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                      progress: BuildProgress,
                      report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let shadowDirectory = paths.state.appendingPathComponent(options.source.shadowName)
        let shadow = ShadowPackage(directory: shadowDirectory, testsRoot: testsRoot(for: options.source))
        let variantSwitch = try VariantSwitch.load(in: shadowDirectory)
        var shadowBuild = ShadowBuild(paths: paths, catalog: catalog, variants: variants, shadow: shadow,
                                      swift: swift, progress: progress, variantSwitch: variantSwitch)
        // An attendee's untouched starters are "not started" without a run, so their targets are
        // left out of the build: a course done in one framework never builds the other's tracks.
        // Chosen over the whole course, not the exercises asked for, so that the build stays the
        // same from one grade to the next.
        if options.source == .exercises {
            shadowBuild.only = Set(catalog.exercises.flatMap { tracksToGrade($0, source: .exercises) }
                .filter { !starterStore.isUntouched($0) }.map(\.key))
        }
        let build = try shadowBuild.run()
        let logs = shadowDirectory.appendingPathComponent("logs")
        try? FileManager.default.removeItem(at: logs)

        // Decide what needs no run, start the runs of the rest (slowest first), then judge each
        // exercise in course order as its runs come in.
        // Each track once, even when both an id and its `id@framework` were asked for.
        var tracks: [Catalog.Exercise] = []
        for track in selected.flatMap({ tracksToGrade($0, source: options.source) }) where !tracks.contains(where: { $0.key == track.key }) {
            tracks.append(track)
        }
        let scheduler = RunScheduler()
        let timings = RunTimings.load(paths)
        let timing = { (exercise: Catalog.Exercise) in timings["\(options.source.shadowName)/\(exercise.key)"] ?? 1 }
        var tickets: [String: RunScheduler.Ticket] = [:]
        var decided: [String: Verdict] = [:]
        for track in tracks {
            decided[track.key] = judgedWithoutRuns(track, build: build, options: options)
        }
        let toRun = tracks.filter { decided[$0.key] == nil }
        let runner = toRun.isEmpty ? nil : try TestRunner(binary: build.testBinary, package: shadowDirectory, swift: swift,
                                                          logs: logs, variantSwitch: variantSwitch,
                                                          runsXCTest: toRun.contains { $0.framework == .xctest })
        for exercise in toRun
            .enumerated().sorted(by: { timing($0.element) > timing($1.element) || (timing($0.element) == timing($1.element) && $0.offset < $1.offset) })
            .map(\.element) {
            let shadowFolder = shadow.targetDirectory(of: exercise)
            let spellings = [shadowFolder.path + "/", shadowFolder.resolvingSymlinksInPath().path + "/"]
            let folder = paths.relative(shadow.testsRoot) + "/" + exercise.module + "/"
            guard let runner else { break }
            let relocating = RelocatingRunner(runner: runner, binary: build.binary(forTarget: Catalog.targetName(of: exercise)),
                                              from: spellings, to: folder)
            tickets[exercise.key] = scheduler.schedule(exercise, jobs: jobs(for: exercise, options: options), runner: relocating)
        }
        var results: [ExerciseResult] = []
        for exercise in tracks {
            var verdict = decided[exercise.key]
            var seconds = 0.0
            if verdict == nil, let ticket = tickets[exercise.key] {
                let runs = try ticket.wait()
                try? runs.index.write(to: logs.appendingPathComponent("\(exercise.id)/runs.tsv"), atomically: true, encoding: .utf8)
                verdict = Judge.judge(exercise, evidence: runs.evidence)
                if verdict?.kind == .hangs || !(verdict?.missedChaffsThatHung.isEmpty ?? true) {
                    let files = exercise.files.map { shadow.testFile($0, of: exercise) }.compactMap { file in
                        (try? String(contentsOf: file, encoding: .utf8)).map { (name: file.lastPathComponent, text: $0) }
                    }
                    verdict?.longWaits = LongWaits.find(in: files, limit: exercise.timeLimit)
                }
                seconds = runs.seconds
            }
            let result = ExerciseResult(exercise: exercise, pattern: catalog.pattern(of: exercise),
                                        verdict: verdict ?? Verdict(kind: .failing, reason: "the tests did not run."), seconds: seconds)
            report(result)
            results.append(result)
        }
        RunTimings.record(results, source: options.source, paths)
        return results
    }

    /// The tracks of an exercise to grade. An attendee's `Exercises/`: the tracks they started (both,
    /// if they did both), else the first track, which is then "not started" unless a shared file
    /// changed. The solutions and other folders: every track. A key like `id@swift-testing` names
    /// one track and grades just that.
    func tracksToGrade(_ exercise: Catalog.Exercise, source: TestSource) -> [Catalog.Exercise] {
        let tracks = exercise.tracks
        guard tracks.count > 1, !exercise.isOtherTrack else { return [exercise] }
        guard source == .exercises else { return tracks }
        let started = tracks.filter { track in !track.ownFiles.allSatisfy { starterStore.isUntouched(track, $0) } }
        return started.isEmpty ? [exercise] : started
    }

    /// The verdicts the judge gives with no test run: not started, a missing file, no compile.
    func judgedWithoutRuns(_ exercise: Catalog.Exercise, build: ShadowBuild.Result, options: GradeOptions) -> Verdict? {
        Judge.judgeWithoutRuns(exercise, module: exercise.module,
                               untouched: options.source == .exercises && starterStore.isUntouched(exercise),
                               missing: build.missing[exercise.key], broken: build.broken[exercise.key])
    }

    /// The runs after the first: repeats of the real module, then each wheat and chaff.
    func jobs(for exercise: Catalog.Exercise, options: GradeOptions) -> [RunScheduler.Job] {
        let module = exercise.module
        let find = { (name: String, kind: Variant.Kind) in
            self.variants.first { $0.module == module && $0.name == name && $0.kind == kind }!
        }
        let repeats: [RunScheduler.Job] = options.repeats > 1 ? (2...options.repeats).map { .repeatRun($0) } : []
        return repeats + exercise.wheats.map { .variant(find($0, .wheat)) } + exercise.chaffs.map { .variant(find($0, .chaff)) }
    }
}

/// Runs one track's tests from the binary that holds its code, and reports failures at the
/// attendee's path rather than the shadow copy's.
struct RelocatingRunner: SuiteRunner {
    var runner: TestRunner
    var binary: URL
    var from: [String]
    var to: String

    func run(_ exercise: Catalog.Exercise, variant: Variant?, label: String) throws -> TestOutcome {
        try runner.run(exercise, from: binary, variant: variant, label: label).relocated(from: from, to: to)
    }
}
