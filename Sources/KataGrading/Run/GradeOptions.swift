import Foundation
import KataGradingCore

public struct GradeOptions: Sendable {
    public var source: TestSource = .exercises
    /// How many times the real module's tests run; runs that disagree make a suite flaky.
    public var repeats: Int = 3
    /// Make every run again, even of a track whose kept runs still stand (`--regrade`).
    public var regrade = false
    /// Perturb with this seed alone, to replay a rejection exactly (`--seed`); nil draws new seeds.
    /// A grade with a seed neither reuses nor keeps runs.
    public var seed: UInt32?
    /// Run the catalog's hand-written wheats; false (`--generated-wheats-only`, for maintainers)
    /// measures what perturbation alone finds.
    public var handWheats = true
    /// Told which track the grade is waiting for and for how long, once that passes
    /// `waitingAfter` seconds, then about every second; nil seconds when the wait is over. A
    /// test that hangs otherwise shows nothing until its run is killed (`WaitingLine`).
    public typealias Waiting = @Sendable (_ track: Catalog.Exercise, _ seconds: Double?) -> Void
    public var waiting: Waiting?
    public static let waitingAfter = 1.5
    public init() {}

    /// What the command line asks of a grade: its source, repeats, `--regrade`, `--seed` and
    /// `--generated-wheats-only`.
    init(_ arguments: Arguments) {
        source = arguments.source
        repeats = arguments.repeats
        regrade = arguments.regrade
        seed = arguments.seed
        handWheats = !arguments.generatedWheatsOnly
    }
}
