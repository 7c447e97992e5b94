import Foundation
import KataGradingCore

/// Runs one track's tests from the binary that holds its code, and reports failures at the
/// attendee's path rather than the shadow copy's.
struct TrackRunner: SuiteRunner {
    var runner: TestRunner
    var binary: URL
    /// Whether `binary` is one the build replay made (`ShadowBuild.Result.ownBinaries`) rather
    /// than SwiftPM's.
    var madeByReplay: Bool
    /// The spellings of the track's shadow folder, as written and with links resolved: the
    /// compiler may report either.
    var shadowFolders: [String]
    var attendeeFolder: String

    init(runner: TestRunner, binary: URL, madeByReplay: Bool, shadowFolder: URL, attendeeFolder: String) {
        self.runner = runner
        self.binary = binary
        self.madeByReplay = madeByReplay
        shadowFolders = [shadowFolder.path + "/", shadowFolder.resolvingSymlinksInPath().path + "/"]
        self.attendeeFolder = attendeeFolder
    }

    /// A run of a binary the build replay made that declared no test. Swift Testing names every
    /// test of its plan, skipped ones too, before it runs any: `Event.Kind.testDiscovered`, posted
    /// for each step of the plan before `runStarted` (swift-testing `Sources/Testing/Running/Runner.swift`,
    /// line 418 at swift-6.2.3-RELEASE, 479 at swift-6.3.1-RELEASE), which the event stream writes
    /// as a `test` record (`ABI/ABI.Record+Streaming.swift:27`, 6.2.3). The replay's recipe was checked
    /// against SwiftPM's binary, but a binary of it that runs nothing would read as "no tests
    /// ran": so it is not judged, and SwiftPM builds the track instead (`RunStage`), whose binary
    /// gives the verdict. "No tests ran" only ever comes from SwiftPM's binary.
    struct ReplayRanNoTest: Error, CustomStringConvertible {
        var target: String
        var description: String { "the binary the build replay made for \(target) declared no test in its run" }
    }

    func run(_ exercise: Catalog.Exercise, variant: Variant?, label: String, cancellation: RunCancellation?) throws -> TestOutcome {
        let outcome = try runner.run(exercise, from: binary, variant: variant, label: label, cancellation: cancellation)
        // `swift test` runs SwiftPM's binary, which does not hold a track the replay rebuilt since:
        // SwiftPM builds it, and its binary runs instead (`RunStage`).
        if madeByReplay, outcome.viaSwiftPM == true { throw ReplayRanNoTest(target: exercise.targetName) }
        if madeByReplay, outcome.testCount == 0 { throw ReplayRanNoTest(target: exercise.targetName) }
        return outcome.relocated(from: shadowFolders, to: attendeeFolder)
    }
}
