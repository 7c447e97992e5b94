import Foundation
import KataGradingCore

/// Runs one track's tests from the binary that holds its code, and reports failures at the
/// attendee's path rather than the shadow copy's.
struct TrackRunner: SuiteRunner {
    var runner: TestRunner
    var binary: URL
    /// The spellings of the track's shadow folder, as written and with links resolved: the
    /// compiler may report either.
    var shadowFolders: [String]
    var attendeeFolder: String

    init(runner: TestRunner, binary: URL, shadowFolder: URL, attendeeFolder: String) {
        self.runner = runner
        self.binary = binary
        shadowFolders = [shadowFolder.path + "/", shadowFolder.resolvingSymlinksInPath().path + "/"]
        self.attendeeFolder = attendeeFolder
    }

    func run(_ exercise: Catalog.Exercise, variant: Variant?, label: String) throws -> TestOutcome {
        try runner.run(exercise, from: binary, variant: variant, label: label).relocated(from: shadowFolders, to: attendeeFolder)
    }
}
