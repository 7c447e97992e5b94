import Foundation
import KataBuildReplay
import KataGradingCore

/// The shadow build's one door into KataBuildReplay, the Linux build replay, which does what
/// SwiftPM would do faster by relying on how SwiftPM works today: it answers SwiftPM's questions
/// to the compiler from a cache (and so knows which flags the compiler offers), stamps SwiftPM's
/// build plan, and after an edit of Swift Testing tracks alone rebuilds each of them into a small
/// test binary of its own instead of running `swift build` (see `TrackRelink`). Whatever it
/// cannot do is "not this time", and SwiftPM does the work.
///
/// Off where the platform does not use it (`TestPlatform.usesBuildReplay`: macOS, and Linux taking
/// macOS's decisions): then every build is `swift build`, as SwiftPM alone would do it.
struct BuildReplay {
    var shadow: ShadowPackage
    var swift: String
    var state: URL
    let enabled: Bool
    /// What `swift build` and every replayed job get added to the grader's environment: the
    /// compiler that answers from the cache.
    let environment: [String: String]

    init(shadow: ShadowPackage, swift: String, state: URL, enabled: Bool) {
        self.shadow = shadow
        self.swift = swift
        self.state = state
        self.enabled = enabled
        environment = enabled ? CompilerProbeCache.environment(swift: swift, state: state) : [:]
    }

    /// Flags for every compiler job of the shadow build. `-enable-incremental-file-hashing`: the
    /// driver compares what a file holds, not when it was written. SwiftPM rewrites every file of
    /// its XCTest discovery module whenever any test target's object code changes, one file per
    /// exercise track; by date they all look new and all 52 were recompiled after every edit
    /// (0.9 s of a 2.7 s build). Used when the toolchain's compiler offers it (Swift 6.3 does;
    /// read from the cached `-h`).
    func compilerFlags() -> [String] {
        guard enabled else { return [] }
        let hashing = "-enable-incremental-file-hashing"
        return CompilerProbeCache.compilerOffers(hashing, swift: swift, state: state, runner: ProcessRunner.shared)
            ? ["-Xswiftc", hashing] : []
    }

    /// SwiftPM's build plan as it is now (size and time), for the build record.
    func planStamp() -> String {
        enabled ? SwiftPMPlan.stamp(inPackage: shadow.directory) : ""
    }

    /// The binaries of `targets` rebuilt since SwiftPM's last build, or nil when one is missing.
    func ownBinaries(_ targets: [String], testBinary: URL) -> [String: URL]? {
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
        guard enabled, let targets = TrackRelink.targetsToRebuild(since: record.files, now: files, swiftTestingTargets: swiftTestingTargets)
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
        return ownBinaries(Set(record.ownBinaries ?? []).union(rebuilt).sorted(), testBinary: testBinary)
    }
}
