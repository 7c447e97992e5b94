import Foundation
import KataGradingCore

/// Every run one exercise made, for the judge: the first run against the real module, then (only
/// if that passed) the repeats and each variant's run.
struct ExerciseRuns: Sendable {
    var first: TestOutcome
    var repeats: [TestOutcome] = []
    var variants: [(variant: Variant, outcome: TestOutcome)] = []
    /// The second run of each generated wheat that did not pass, with the same seed, by its name.
    var replays: [String: TestOutcome] = [:]
    /// Wall-clock seconds from the exercise's first run to its last.
    var seconds: Double = 0

    /// Which log is which run, for maintainers: written only after every run of the exercise is
    /// over, so that no test can read which runs were variants.
    var index: String {
        let labelled = [("real-1", first)] + repeats.enumerated().map { ("real-\($0.offset + 2)", $0.element) }
            + variants.map { ("\($0.variant.kind.rawValue)-\($0.variant.name)", $0.outcome) }
            + replays.sorted { $0.key < $1.key }.map { ("wheat-\($0.key)-replay", $0.value) }
        return labelled.map { "\($0.0)\t\($0.1.log ?? "-")\n" }.joined()
    }

    var evidence: Evidence {
        Evidence(real: [first] + repeats,
                 chaffs: variants.filter { $0.variant.kind == .chaff },
                 wheats: variants.filter { $0.variant.kind == .wheat }, replays: replays)
    }
}
