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

    init(state: URL, shadow: URL) {
        self.state = state
        self.shadow = shadow
    }

    static let swiftPMPlanFiles: Set<String> = ["debug.yaml", "description.json", "output-file-map.json", "module.modulemap",
                                                 "workspace-state.json", "build.db", ".lock", "plugin-tools.yaml"]

    func willRunBuiltCode() {
        if seal == nil { seal = GraderSeal(state: state, shadow: shadow) }
    }

    func graderWrote(_ files: [URL]) {
        seal?.accept(files)
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
