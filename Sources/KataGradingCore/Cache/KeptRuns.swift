import Foundation

/// The runs that earned a track its verdict, kept under the key of everything that decided them
/// (`VerdictKey`), so that a later grade that finds the same key judges those runs again instead of
/// making them again: `go test`'s "(cached)", for a grader whose verdicts come from many runs.
///
/// What is kept is the evidence, never the verdict: a kept track goes through the same `Judge` as
/// one just run. And only some evidence is kept (`mayKeep`), for a verdict that rests on timing
/// must be able to come out otherwise next time:
/// - only a **done** verdict; every other one is what the attendee is changing, and is run again;
/// - only when every run against the real module took at most `steadyShare` of the budget, so a
///   suite near its budget is timed again at each grade;
/// - for at most `longestKept` seconds: past that, its runs are made again (a new day, a laptop
///   on battery, a busier room).
public struct KeptRuns: Codable, Sendable, Equatable {
    /// Bumped when what is kept changes meaning: older files are then not read.
    public static let currentFormat = 1
    /// The share of the budget every real run must stay within for its verdict to be kept.
    public static let steadyShare = 0.5
    /// How long kept runs stand in for new ones: a workshop day.
    public static let longestKept: TimeInterval = 12 * 3600

    public struct VariantRun: Codable, Sendable, Equatable {
        public var kind: String
        public var name: String
        public var outcome: TestOutcome
    }

    public var format: Int
    /// The track (`id` or `id@framework`) and the digest of its key.
    public var track: String
    public var key: String
    /// When the runs were made.
    public var date: Date
    public var real: [TestOutcome]
    public var variants: [VariantRun]

    /// The runs of `evidence` to keep for `track` under `key`, or nil when `verdict` may not be
    /// kept (see the type's comment).
    public static func keeping(_ evidence: Evidence, verdict: Verdict, of track: Catalog.Exercise, key: VerdictKey,
                               date: Date) -> KeptRuns? {
        guard mayKeep(verdict, evidence: evidence, of: track) else { return nil }
        let variants = (evidence.chaffs + evidence.wheats).map {
            VariantRun(kind: $0.variant.kind.rawValue, name: $0.variant.name, outcome: $0.outcome)
        }
        return KeptRuns(format: currentFormat, track: track.key, key: key.digest, date: date, real: evidence.real, variants: variants)
    }

    /// Whether kept `evidence` may stand in for `track`'s runs in a grade: the verdict it makes
    /// (`Judge`, pure) is one that may be kept. The reuse stage asks before anything is built.
    public static func mayStandIn(_ evidence: Evidence, for track: Catalog.Exercise) -> Bool {
        mayKeep(Judge.judge(track, evidence: evidence), evidence: evidence, of: track)
    }

    public static func mayKeep(_ verdict: Verdict, evidence: Evidence, of track: Catalog.Exercise) -> Bool {
        guard verdict.kind == .done, !evidence.real.isEmpty else { return false }
        return evidence.real.allSatisfy { run in
            run.passedCleanly && (run.testSeconds ?? .infinity) <= track.budget * steadyShare
        }
    }

    /// Whether these runs may stand in for `track`'s under `key` at `now`.
    public func stands(for track: Catalog.Exercise, key: VerdictKey, now: Date) -> Bool {
        format == Self.currentFormat && self.track == track.key && self.key == key.digest
            && date <= now.addingTimeInterval(60) && now.timeIntervalSince(date) <= Self.longestKept
    }

    /// The evidence again, with each variant as the course has it now (the key holds each one's
    /// hunks and hint, so they are the same), and each generated wheat made again from its seed by
    /// `generated`; nil when one is gone.
    public func evidence(variants course: [Variant], module: String, generated: (UInt32) -> Variant? = { _ in nil }) -> Evidence? {
        var chaffs: [(variant: Variant, outcome: TestOutcome)] = []
        var wheats: [(variant: Variant, outcome: TestOutcome)] = []
        for run in variants {
            guard let kind = Variant.Kind(rawValue: run.kind),
                  let variant = course.first(where: { $0.module == module && $0.name == run.name && $0.kind == kind })
                    ?? Perturbation.seed(named: run.name).flatMap(generated) else { return nil }
            if kind == .chaff { chaffs.append((variant, run.outcome)) } else { wheats.append((variant, run.outcome)) }
        }
        return Evidence(real: real, chaffs: chaffs, wheats: wheats)
    }
}
