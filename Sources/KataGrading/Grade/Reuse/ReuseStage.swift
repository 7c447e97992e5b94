import Foundation
import KataGradingCore

/// The third stage: the runs kept from an earlier grade of what is still the same, to be judged
/// again rather than made again (`VerdictCache`, `KeptRuns`).
struct ReuseStage {
    var grader: Grader
    var options: GradeOptions
    var swift: String

    struct Reused {
        var copied: Copied
        var cache: VerdictCache
        /// The key of each track that may be kept after its runs.
        var keys: [String: VerdictKey]
        var facts: [String: TrackFacts]
        typealias Copied = CopyStage.Copied
    }

    func run(_ copied: CopyStage.Copied, clock: PhaseClock) -> Reused {
        let plan = copied.plan
        var facts = copied.facts
        let cache = VerdictCache(paths: grader.course.paths, source: options.source)
        let keys = verdictKeys(plan.tracks.filter { facts[$0.key] == nil && copied.prepared.synced.contains($0.key) },
                               prepared: copied.prepared)
        if !options.regrade {
            for track in plan.tracks {
                guard let key = keys[track.key], let runs = cache.kept(track, key: key),
                      let evidence = runs.evidence(variants: grader.course.variants, module: track.module) else { continue }
                if JudgeStage.mayKeep(track, evidence: evidence) { facts[track.key] = .kept(evidence, since: runs.date) }
            }
        }
        clock.note("looked up kept runs")
        return Reused(copied: copied, cache: cache, keys: keys, facts: facts)
    }

    /// The key of each of `tracks` (`VerdictKey`), from the copy `prepared` left.
    func verdictKeys(_ tracks: [Catalog.Exercise], prepared: ShadowBuild.Prepared) -> [String: VerdictKey] {
        guard !tracks.isEmpty else { return [:] }
        let machine = GradingMachine.current(swift: swift, decisions: grader.platform)
        let manifest = Fingerprint.ofFile(at: grader.course.paths.manifest) ?? "missing"
        var keys: [String: VerdictKey] = [:]
        for track in tracks {
            keys[track.key] = VerdictKey.of(track, variants: grader.course.variants, files: prepared.files, manifest: manifest,
                                            machine: machine, repeats: options.repeats)
        }
        return keys
    }
}
