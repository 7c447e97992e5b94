import Foundation
import KataGradingCore

/// Every run one exercise made, as the judge reads them (`Evidence`): the first run against the
/// real module, then (only if that passed) the repeats and each variant's run.
struct ExerciseRuns: Sendable {
    var evidence: Evidence
    /// Wall-clock seconds from the exercise's first run to its last.
    var seconds: Double = 0

    /// Which log is which run, for maintainers: written only after every run of the exercise is
    /// over, so that no test can read which runs were variants.
    var index: String {
        let labelled = evidence.real.enumerated().map { ("real-\($0.offset + 1)", $0.element) }
            + (evidence.wheats + evidence.chaffs).map { ("\($0.variant.kind.rawValue)-\($0.variant.name)", $0.outcome) }
            + evidence.replays.sorted { $0.key < $1.key }.map { ("wheat-\($0.key)-replay", $0.value) }
            + evidence.insideContract.sorted { $0.key < $1.key }.map { ("wheat-\($0.value.variant.name)", $0.value.outcome) }
        return labelled.map { "\($0.0)\t\($0.1.log ?? "-")\n" }.joined()
    }
}
