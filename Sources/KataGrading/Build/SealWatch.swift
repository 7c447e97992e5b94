import Foundation
import KataBuildReplay
import KataGradingCore

/// The grade's seal (`GraderSeal`), taken before the first run of anything built from the
/// attendee's files, whichever comes first: the build replay's listing of SwiftPM's binary and of
/// its own probe, to check its recipe (Swift Testing makes a test's traits, the attendee's code,
/// as it lists it), or the grade's runs. Once sealed, what the grader writes itself is named to the seal (`graderWrote`), and
/// before it writes wholesale again (SwiftPM's build, when the replay fell back after listing) the
/// seal is checked and let go (`release`), to be taken anew before the next run.
final class SealWatch: BuiltCodeWatch {
    let state: URL
    let shadow: URL
    private(set) var seal: GraderSeal?
    /// The grade's runs, once started: what `releaseAfterFailure` waits for.
    var runs: GradeRuns?
    /// The runner of those runs, which `releaseAfterFailure` stops.
    let runner: ProcessRunner

    init(state: URL, shadow: URL, runner: ProcessRunner) {
        self.state = state
        self.shadow = shadow
        self.runner = runner
    }

    static let swiftPMPlanFiles: Set<String> = ["debug.yaml", "description.json", "output-file-map.json", "module.modulemap",
                                                 "workspace-state.json", "build.db", ".lock", "plugin-tools.yaml"]

    func willRunBuiltCode() {
        if seal == nil { seal = GraderSeal(state: state, shadow: shadow) }
    }

    func graderWrote(_ files: [URL]) {
        seal?.accept(files)
    }

    /// For a grade that failed part-way while sealed: every run is ended first, those still going
    /// and those waiting to start, which then never do, and the seal is checked as `release` does,
    /// so that a test cannot make the grade fail before its check and leave what it wrote (a grader
    /// of its own, say) for the next grade to trust. What changed wins over the grade's own error.
    /// The runner starts runs again afterwards (`--attacks` grades on), unless it was stopped for
    /// good (Ctrl-C).
    func releaseAfterFailure(_ paths: KataPaths, swiftPMRan: Bool) throws {
        guard seal != nil else { return }
        let stoppedForGood = runner.isStopping
        runner.stopAll()
        runs?.waitForAll()
        if !stoppedForGood { runner.resume() }
        try release(paths, swiftPMRan: swiftPMRan)
    }

    /// Checks the seal, if one was taken, and lets it go: nothing of a test runs until the next.
    /// Throws `GraderSeal.Broken` (after removing what changed) when a test wrote into the folder.
    /// `swiftPMRan`: a `swift test` of the grade's (`ChannelFallback`) ran in the copy, and SwiftPM
    /// planned its build again, even with `--skip-build`: it rewrote its bookkeeping (measured on
    /// 6.3.1: `.lock`, `build.db`, `debug.yaml`, `workspace-state.json`, `description.json`, and
    /// each target's `output-file-map.json` and `module.modulemap`). Those are not taken for a
    /// test's writes in such a grade (one of the guarantees the fallback gives up); every object,
    /// binary and source still is.
    func release(_ paths: KataPaths, swiftPMRan: Bool = false) throws {
        guard let seal else { return }
        self.seal = nil
        let build = shadow.appendingPathComponent(".build").path + "/"
        let changed = seal.changes().filter { path in
            guard swiftPMRan, path.hasPrefix(build) else { return true }
            let inside = path.dropFirst(build.count)
            return inside.contains("/") && !Self.swiftPMPlanFiles.contains(String(inside.split(separator: "/").last ?? ""))
        }
        if !changed.isEmpty {
            GraderSeal.heal(changed, state: state, shadow: shadow)
            throw GraderSeal.Broken(paths: changed.map { paths.relative(URL(fileURLWithPath: $0)) })
        }
    }
}
