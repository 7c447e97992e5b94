import Foundation
import KataBuildReplay
import KataGradingCore

/// The grade's seal (`GraderSeal`), taken before the first run of anything built from the
/// attendee's files, whichever comes first: the build replay's listing of SwiftPM's binary and of
/// its own probe, to check its recipe (Swift Testing makes a test's traits, the attendee's code,
/// as it lists it), or the grade's runs. Once sealed, what the grader writes itself is named to the seal (`graderWrote`), and
/// before it writes wholesale again (SwiftPM's build, when the replay fell back after listing) the
/// seal is checked and let go (`releaseBeforeSwiftPMBuilds`), to be taken anew before the next run.
/// Owned by the grade's session (`GradeSession`), which checks it once the runs are over.
final class SealWatch: BuiltCodeWatch {
    let paths: KataPaths
    let shadow: URL
    private var seal: GraderSeal?
    /// The grade's runs, once started (`runsStarted`): what `releaseAfterFailure` waits for.
    private var runs: GradeRuns?
    /// The runner of those runs, which `releaseAfterFailure` stops.
    private let runner: ProcessRunner
    /// Whether a framework is graded through `swift test` (`ChannelFallback`), asked when the seal
    /// is checked: the fallback can switch on during the grade.
    private let fallback: ChannelFallback

    init(paths: KataPaths, shadow: URL, runner: ProcessRunner, fallback: ChannelFallback) {
        self.paths = paths
        self.shadow = shadow
        self.runner = runner
        self.fallback = fallback
    }

    var state: URL { paths.state }

    static let swiftPMPlanFiles: Set<String> = ["debug.yaml", "description.json", "output-file-map.json", "module.modulemap",
                                                 "workspace-state.json", "build.db", ".lock", "plugin-tools.yaml"]

    /// Whether a seal is taken and not yet let go.
    var isSealed: Bool { seal != nil }

    func willRunBuiltCode() {
        _ = sealed()
    }

    /// The seal, taken now if it was not yet: what the grade's runs check each binary against.
    func sealed() -> GraderSeal {
        if let seal { return seal }
        let taken = GraderSeal(state: state, shadow: shadow)
        seal = taken
        return taken
    }

    /// The grade's runs started, under the seal: a failure ends them before the seal is checked.
    func runsStarted(_ runs: GradeRuns) {
        self.runs = runs
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
    func releaseAfterFailure() throws {
        guard seal != nil else { return }
        let stoppedForGood = runner.isStopping
        runner.stopAll()
        runs?.waitForAll()
        if !stoppedForGood { runner.resume() }
        try release()
    }

    /// Before SwiftPM builds the copy again, once the build replay's listing sealed it: no
    /// `swift test` of the grade ran since (its runs start after the build), so nothing SwiftPM
    /// writes is allowed for.
    func releaseBeforeSwiftPMBuilds() throws {
        try release(swiftPMRan: false)
    }

    /// Checks the seal, if one was taken, and lets it go: nothing of a test runs until the next.
    /// Throws `GraderSeal.Broken` (after removing what changed) when a test wrote into the folder.
    func release() throws {
        try release(swiftPMRan: !fallback.frameworksOn.isEmpty)
    }

    /// `swiftPMRan`: a `swift test` of the grade's (`ChannelFallback`) ran in the copy, and SwiftPM
    /// planned its build again, even with `--skip-build`: it rewrote its bookkeeping (measured on
    /// 6.3.1: `.lock`, `build.db`, `debug.yaml`, `workspace-state.json`, `description.json`, and
    /// each target's `output-file-map.json` and `module.modulemap`). Those are not taken for a
    /// test's writes in such a grade (one of the guarantees the fallback gives up); every object,
    /// binary and source still is.
    private func release(swiftPMRan: Bool) throws {
        guard let seal else { return }
        self.seal = nil
        runs = nil
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
