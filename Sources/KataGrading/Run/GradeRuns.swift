import Foundation
import KataGradingCore

/// The test runs of one grade: every track's started at once on one scheduler, the slowest (by
/// the last grade) first, and waited for one track at a time, in the order the grade reports.
struct GradeRuns {
    private let tickets: [String: RunScheduler.Ticket]
    /// The tracks run, by key.
    private let tracks: [String: Catalog.Exercise]
    /// The tracks run from a binary the build replay made.
    private let replayed: [String]
    private let logs: URL
    private let shadow: ShadowPackage

    /// Starts the runs of `tracks` from `build`'s binaries. The logs of the last grade go first,
    /// whether anything runs or not.
    init(_ tracks: [Catalog.Exercise], of build: ShadowBuild.Result, course: Course, options: GradeOptions,
         platform: TestPlatform, runner: ProcessRunner, seal: GraderSeal, fallback: ChannelFallback? = nil, swift: String = "swift") throws {
        shadow = build.shadow
        logs = shadow.directory.appendingPathComponent("logs")
        GraderFolder.removeWhole(logs)
        self.tracks = Dictionary(tracks.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        guard !tracks.isEmpty else { tickets = [:]; replayed = []; return }
        let scheduler = RunScheduler(width: platform.runWidth)
        var testRunner = try TestRunner(binary: build.testBinary, logs: logs, platform: platform, variants: course.variants,
                                        checkout: course.paths.root, runner: runner, seal: seal,
                                        runsXCTest: tracks.contains { $0.framework == .xctest })
        testRunner.fallback = fallback
        testRunner.swift = swift
        testRunner.package = shadow.directory
        var tickets: [String: RunScheduler.Ticket] = [:]
        var replayed: [String] = []
        // Where the attendee's files of every track are, as a failure names them (`TrackRunner`).
        let attendeeRoot = course.paths.relative(shadow.testsRoot)
        for track in RunTimings.slowestFirst(tracks, source: options.source, course.paths) {
            // A track the build replay rebuilt since SwiftPM's build runs from its own binary, every
            // other track from SwiftPM's.
            let own = build.ownBinaries[track.targetName]
            if own != nil { replayed.append(track.key) }
            let trackRunner = TrackRunner(runner: testRunner, binary: own ?? build.testBinary, madeByReplay: own != nil,
                                          shadowFolder: shadow.targetDirectory(of: track),
                                          attendeeFolder: attendeeRoot + "/" + track.module + "/")
            let jobs = RunScheduler.jobs(for: track, variants: course.variants, repeats: options.repeats,
                                         generated: Self.generatedWheats(for: track, seed: options.seed, points: course.points),
                                         handWheats: options.handWheats)
            // Through `swift test` (`ChannelFallback`), runs take turns anyway: none starts beside the first.
            tickets[track.key] = scheduler.schedule(track, jobs: jobs, runner: trackRunner,
                                                    beside: fallback?.isOn(track.framework) != true)
        }
        self.tickets = tickets
        self.replayed = replayed
    }

    /// The wheats this grade generates for `track` from its points: for `seed` alone when one is
    /// given (`--seed`), else for seeds drawn at random for this grade (`Perturbation.draw`).
    private static func generatedWheats(for track: Catalog.Exercise, seed: UInt32?, points: [PerturbationPoint]) -> [Variant] {
        guard !track.perturbs.isEmpty else { return [] }
        var generator = SystemRandomNumberGenerator()
        let seeds = seed.map { [$0] } ?? Perturbation.draw(for: track, points: points, using: &generator)
        return seeds.map { Perturbation.wheat(track, seed: $0, points: points) }
    }

    /// Waits for the tracks run from a binary the build replay made, before anything is reported:
    /// throws `TrackRunner.ReplayRanNoTest` when a run of one declared no test.
    func waitForReplayedTracks(waiting: GradeOptions.Waiting? = nil) throws {
        for key in replayed {
            guard let ticket = tickets[key] else { continue }
            if let waiting, let track = tracks[key] { Self.wait(for: ticket, of: track, waiting: waiting) }
            _ = try ticket.wait()
        }
    }

    /// Waits until `ticket` settles, telling `waiting` once the wait passes
    /// `GradeOptions.waitingAfter`, then about every second, and nil when it is over.
    private static func wait(for ticket: RunScheduler.Ticket, of track: Catalog.Exercise, waiting: GradeOptions.Waiting) {
        let start = Date()
        var step = GradeOptions.waitingAfter
        while !ticket.isSettled(within: step) {
            waiting(track, Date().timeIntervalSince(start))
            step = 1
        }
        if Date().timeIntervalSince(start) >= GradeOptions.waitingAfter { waiting(track, nil) }
    }

    /// Waits until every run is over, whatever it gave.
    func waitForAll() {
        for ticket in tickets.values { _ = try? ticket.wait() }
    }

    /// Every run of `track`, once they are over (nil when it was not run), with an index of its
    /// logs written beside them.
    /// `waiting` is told how long the wait has lasted once it passes `GradeOptions.waitingAfter`,
    /// then about every second, and nil when it is over.
    func wait(for track: Catalog.Exercise, waiting: GradeOptions.Waiting? = nil) throws -> ExerciseRuns? {
        guard let ticket = tickets[track.key] else { return nil }
        if let waiting { Self.wait(for: ticket, of: track, waiting: waiting) }
        let runs = try ticket.wait()
        try? runs.index.write(to: logs.appendingPathComponent("\(track.id)/runs.tsv"), atomically: true, encoding: .utf8)
        return runs
    }

    /// The attendee's files of `track`, by name, for the judge's look at their waits.
    func testFiles(of track: Catalog.Exercise) -> [(name: String, text: String)] {
        track.files.map { shadow.testFile($0, of: track) }.compactMap { file in
            FileContents.text(at: file).map { (name: file.lastPathComponent, text: $0) }
        }
    }
}
