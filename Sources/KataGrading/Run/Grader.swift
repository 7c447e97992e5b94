import Foundation
import KataGradingCore

/// The grading pipeline: plan the grade from the course, build the shadow copy, judge what needs
/// no run, run the rest against the real module and its variants, and judge each track as its
/// runs come in. Each step is its own type; this one only hands each step's result to the next.
public struct Grader: Sendable {
    public let course: Course

    public init(course: Course) { self.course = course }

    /// Grades while holding the checkout's lock, so that two grade.sh runs never share the shadow
    /// copy at once: the second one says it is waiting, then goes on.
    public func gradeLocked(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                            report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let lock = try CheckoutLock.acquire(in: course.paths.state) {
            StandardError().write("Another grade.sh is running in this checkout; waiting for it to finish…\n")
        }
        defer { lock.release() }
        ProcessRunner.shared.removeLeftoverTemporaries()
        return try grade(selected, options: options, swift: swift, progress: BuildProgress(), report: report)
    }

    /// Grades `selected`, handing each track's result to `report` as soon as it is judged, in order.
    public func grade(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                      progress: BuildProgress,
                      report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let plan = course.plan(selected, source: options.source)

        let shadowDirectory = course.paths.state.appendingPathComponent(options.source.shadowName)
        let shadow = ShadowPackage(directory: shadowDirectory, testsRoot: course.testsRoot(for: options.source))
        let variantSwitch = try VariantSwitch.load(in: shadowDirectory)
        var shadowBuild = ShadowBuild(paths: course.paths, catalog: course.catalog, variants: course.variants, shadow: shadow,
                                      swift: swift, progress: progress, variantSwitch: variantSwitch)
        shadowBuild.only = plan.toBuild
        let build = try shadowBuild.run()
        let logs = shadowDirectory.appendingPathComponent("logs")
        try? FileManager.default.removeItem(at: logs)

        var decided: [String: Verdict] = [:]
        for track in plan.tracks {
            decided[track.key] = Judge.judgeWithoutRuns(track, module: track.module, untouched: plan.untouched.contains(track.key),
                                                        missing: build.missing[track.key], broken: build.broken[track.key])
        }
        let tickets = try startRuns(of: plan.tracks.filter { decided[$0.key] == nil }, build: build, shadow: shadow,
                                    variantSwitch: variantSwitch, logs: logs, swift: swift, options: options)

        var results: [ExerciseResult] = []
        for track in plan.tracks {
            var verdict = decided[track.key]
            var seconds = 0.0
            if verdict == nil, let ticket = tickets[track.key] {
                let runs = try ticket.wait()
                try? runs.index.write(to: logs.appendingPathComponent("\(track.id)/runs.tsv"), atomically: true, encoding: .utf8)
                verdict = Judge.judge(track, evidence: runs.evidence)
                if verdict?.kind == .hangs || !(verdict?.missedChaffsThatHung.isEmpty ?? true) {
                    verdict?.longWaits = LongWaits.find(in: testFiles(of: track, in: shadow), limit: track.timeLimit)
                }
                seconds = runs.seconds
            }
            let result = ExerciseResult(exercise: track, pattern: course.catalog.pattern(of: track),
                                        verdict: verdict ?? Verdict(kind: .failing, reason: "the tests did not run."), seconds: seconds)
            report(result)
            results.append(result)
        }
        RunTimings.record(results, source: options.source, course.paths)
        return results
    }

    /// Starts the runs of `tracks` on one scheduler, the slowest (by the last grade) first.
    private func startRuns(of tracks: [Catalog.Exercise], build: ShadowBuild.Result, shadow: ShadowPackage,
                           variantSwitch: VariantSwitch, logs: URL, swift: String,
                           options: GradeOptions) throws -> [String: RunScheduler.Ticket] {
        guard !tracks.isEmpty else { return [:] }
        let scheduler = RunScheduler()
        let runner = try TestRunner(binary: build.testBinary, package: shadow.directory, swift: swift, logs: logs,
                                    variantSwitch: variantSwitch, runsXCTest: tracks.contains { $0.framework == .xctest })
        var tickets: [String: RunScheduler.Ticket] = [:]
        for track in RunTimings.slowestFirst(tracks, source: options.source, course.paths) {
            let trackRunner = TrackRunner(runner: runner, binary: build.binary(forTarget: Catalog.targetName(of: track)),
                                          shadowFolder: shadow.targetDirectory(of: track),
                                          attendeeFolder: course.paths.relative(shadow.testsRoot) + "/" + track.module + "/")
            let jobs = RunScheduler.jobs(for: track, variants: course.variants, repeats: options.repeats)
            tickets[track.key] = scheduler.schedule(track, jobs: jobs, runner: trackRunner)
        }
        return tickets
    }

    /// The attendee's files of `track`, by name, for the judge's look at their waits.
    private func testFiles(of track: Catalog.Exercise, in shadow: ShadowPackage) -> [(name: String, text: String)] {
        track.files.map { shadow.testFile($0, of: track) }.compactMap { file in
            (try? String(contentsOf: file, encoding: .utf8)).map { (name: file.lastPathComponent, text: $0) }
        }
    }
}
