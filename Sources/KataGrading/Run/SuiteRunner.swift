import Foundation
import KataGradingCore

/// Something that runs one exercise's tests once, against the real module or a variant.
/// `TrackRunner` runs a test binary of the shadow build; the kata's own tests use a fake.
protocol SuiteRunner: Sendable {
    /// `cancellation`: the run ends early, its outcome meaningless, once it is called off (nil: never).
    func run(_ exercise: Catalog.Exercise, variant: Variant?, label: String, cancellation: RunCancellation?) throws -> TestOutcome
}
