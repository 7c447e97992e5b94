import Foundation
import KataGradingCore

/// The third stage: the runs kept from an earlier grade of what is still the same, to be judged
/// again rather than made again (`VerdictCache`, `KeptRuns`).
struct ReuseStage {
    var grader: Grader
    var options: GradeOptions
    var swift: String

    struct Reused {
        /// Where kept runs are looked up, and kept after this grade's (`KeepStage`).
        var cache: VerdictCache
        /// The key of each track that may be kept after its runs.
        var keys: [String: VerdictKey]
        var facts: [String: TrackFacts]
    }

    /// Looks up the kept runs of the tracks of `plan` that `facts` (the copy stage's) does not
    /// settle yet, by their key in the copy `prepared` left.
    func run(_ plan: GradePlan, prepared: ShadowBuild.Prepared, facts: [String: TrackFacts], clock: PhaseClock) -> Reused {
        var facts = facts
        let keys = verdictKeys(plan.tracks.filter { facts[$0.key] == nil && prepared.synced.contains($0.key) },
                               prepared: prepared, plan: plan)
        // Opened once the keys are known: what it keeps is looked up by them, here and after the runs.
        let cache = VerdictCache(paths: grader.course.paths, source: options.source)
        // A replay of one seed, or a measure without the catalog's wheats, makes every run anew.
        if !options.regrade, options.seed == nil, options.handWheats {
            // The self-test's switch (`--fail-private-channel`) stands for a run that reports nothing:
            // a kept run from before it would stand in for the run it is there to silence.
            for track in plan.tracks where !grader.fallback.switchApplies(to: track) {
                guard let key = keys[track.key], let runs = cache.kept(track, key: key),
                      let evidence = runs.evidence(variants: grader.course.variants, module: track.module, generated: { seed in
                          Perturbation.wheat(track, seed: seed, points: grader.course.points)
                      }) else { continue }
                if KeptRuns.mayStandIn(evidence, for: track) { facts[track.key] = .kept(evidence, since: runs.date) }
            }
        }
        clock.note("looked up kept runs")
        return Reused(cache: cache, keys: keys, facts: facts)
    }

    /// The key of each of `tracks` (`VerdictKey`), from the copy `prepared` left and the
    /// exercise's folder as `plan` reads it.
    func verdictKeys(_ tracks: [Catalog.Exercise], prepared: ShadowBuild.Prepared, plan: GradePlan) -> [String: VerdictKey] {
        guard !tracks.isEmpty else { return [:] }
        let machine = GradingMachine.current(swift: swift, decisions: grader.platform, known: grader.machines)
        let manifest = Fingerprint.ofFile(at: grader.course.paths.manifest) ?? "missing"
        var folders: [String: [String: String]] = [:]
        var keys: [String: VerdictKey] = [:]
        for track in tracks {
            if folders[track.module] == nil { folders[track.module] = exerciseFolder(track.module, testsRoot: plan.testsRoot) }
            keys[track.key] = VerdictKey.of(track, variants: grader.course.variants, points: grader.course.points,
                                            files: prepared.files, manifest: manifest,
                                            machine: machine, repeats: options.repeats,
                                            exerciseFolder: ownFolderFiles(of: track, in: folders[track.module] ?? [:], extras: plan.extras))
        }
        return keys
    }

    /// Every file under the pattern's folder of the tests (`Exercises/Mocking/…`), whatever its
    /// kind, by path in it, with its fingerprint: a test may read a fixture there as it runs.
    func exerciseFolder(_ module: String, testsRoot: URL) -> [String: String] {
        let folder = testsRoot.appendingPathComponent(module)
        var prints: [String: String] = [:]
        for file in (try? FileTree.files(under: folder)) ?? [] {
            prints[file] = Fingerprint.ofFile(at: folder.appendingPathComponent(file)) ?? "unreadable"
        }
        return prints
    }

    /// `folder` without the test files the catalog gives other tracks only: those are compiled
    /// into their own tracks, so an edit of the next exercise keeps this one's runs.
    func ownFolderFiles(of track: Catalog.Exercise, in folder: [String: String], extras: [String: [String]]) -> [String: String] {
        let own = Set(track.files + track.uses + (extras[track.key] ?? []))
        let others = Set(grader.course.tracks.filter { $0.module == track.module }.flatMap { $0.files + $0.uses + (extras[$0.key] ?? []) })
        return folder.filter { own.contains($0.key) || !others.contains($0.key) }
    }
}
