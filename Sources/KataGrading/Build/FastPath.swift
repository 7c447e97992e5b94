import Foundation
import KataBuildReplay
import KataGradingCore

/// The Linux fast path, as the shadow build uses it: after an edit of Swift Testing tracks alone,
/// KataBuildReplay rebuilds each of them into a small test binary of its own instead of running
/// `swift build` (see `TrackRelink`). Whatever it cannot do is "not this time", and `swift build`
/// does the work. The shadow build calls it in two places only: to rebuild, and to find the
/// binaries it made.
struct FastPath {
    var shadow: ShadowPackage
    /// What every job gets added to the grader's environment (`CompilerProbeCache.environment`).
    var environment: [String: String]

    /// The binaries of `targets` rebuilt since SwiftPM's last build, or nil when one is missing.
    static func ownBinaries(_ targets: [String], testBinary: URL) -> [String: URL]? {
        var result: [String: URL] = [:]
        for target in targets {
            let binary = TrackRelink.ownBinary(of: target, testBinary: testBinary)
            guard FileManager.default.isExecutableFile(atPath: binary.path) else { return nil }
            result[target] = binary
        }
        return result
    }

    /// Rebuilds the Swift Testing tracks edited since `record` (whose `files` were built into
    /// `testBinary`), each into its own binary. Returns the binaries of every track rebuilt since
    /// SwiftPM's last build, or nil: not this time. `trackTargets`: every exercise track's target.
    func rebuild(since record: BuildRecord, files: [String: String], testBinary: URL, swiftTestingTargets: Set<String>,
                 trackTargets: Set<String>, progress: BuildProgress) -> [String: URL]? {
        guard let targets = TrackRelink.targetsToRebuild(since: record.files, now: files, swiftTestingTargets: swiftTestingTargets)
        else { return nil }
        var sources: [String: [URL]] = [:]
        for target in targets {
            let folder = shadow.targetDirectory(named: target)
            sources[target] = ((try? FileTree.files(under: folder)) ?? []).map { folder.appendingPathComponent($0) }
        }
        let relink = TrackRelink(runner: ProcessRunner.shared, environment: environment,
                                 log: shadow.directory.appendingPathComponent("relink.log"))
        // Its own log: the progress line must not show a step of the last SwiftPM build.
        guard let rebuilt = progress.during(log: relink.log, cold: false, {
            relink.run(targets, sources: sources, package: shadow.directory, testBinary: testBinary, testTargets: trackTargets)
        }) else { return nil }
        return Self.ownBinaries(Set(record.ownBinaries ?? []).union(rebuilt).sorted(), testBinary: testBinary)
    }
}
