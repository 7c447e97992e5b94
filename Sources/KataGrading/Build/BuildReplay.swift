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
/// - **Where:** only where the platform uses it (`TestPlatform.usesBuildReplay`: Linux, not macOS
///   nor Linux taking macOS's decisions); elsewhere every build is `swift build`, as SwiftPM alone
///   would do it, and nothing is logged (there is nothing to fall back from).
/// - **Off switch:** `KATA_BUILD_REPLAY=off` in the environment, and the grader builds as
///   SwiftPM documents it: `swift build --build-tests`, no `SWIFT_EXEC`, no extra flag, no binary
///   of its own. (Switching it either way makes SwiftPM's next build a long one: its compiler
///   changed.)
/// - **Every fall back is logged**, with why, in `build-replay.log` beside the shadow copy (and on
///   standard error with `KATA_TRACE`): a replay that quietly stopped working shows there, not
///   only as slower grades.
struct BuildReplay {
    var shadow: ShadowPackage
    var swift: String
    var state: URL
    /// The grade's runner: the compiler's questions and the replay's compile and link jobs.
    var runner: ProcessRunner
    /// Whether the replay is on: where the platform uses it, unless `KATA_BUILD_REPLAY` says `off`
    /// (or `0`).
    let isOn: Bool
    /// What `swift build` and every replayed job get added to the grader's environment: the
    /// compiler that answers from the cache.
    let environment: [String: String]
    /// Flags for every compiler job of the shadow build, found once from the cached compiler
    /// answers when the replay is made. `-enable-incremental-file-hashing`: the driver compares
    /// what a file holds, not when it was written. SwiftPM rewrites every file of its XCTest
    /// discovery module whenever any test target's object code changes, one file per exercise
    /// track; by date they all look new and all 52 were recompiled after every edit (0.9 s of a
    /// 2.7 s build). Used when the toolchain's compiler offers it (Swift 6.3 does; read from the
    /// cached `-h`). None when the replay is off.
    let compilerFlags: [String]
    /// The grade's seal, told before the replay runs what it built and of what it writes after.
    var watch: (any BuiltCodeWatch)?

    /// `platformUses`: `TestPlatform.usesBuildReplay`. `setting`: `KATA_BUILD_REPLAY`.
    init(shadow: ShadowPackage, swift: String, state: URL, platformUses: Bool, runner: ProcessRunner,
         switchedTo setting: String? = ProcessInfo.processInfo.environment["KATA_BUILD_REPLAY"]) {
        self.shadow = shadow
        self.swift = swift
        self.state = state
        self.runner = runner
        isOn = Self.isOn(platformUses: platformUses, setting: setting)
        let answers = isOn ? CompilerProbeCache.environment(swift: swift, state: state) : [:]
        environment = isOn ? answers.merging(Self.stableOrder) { _, new in new } : [:]
        let hashing = "-enable-incremental-file-hashing"
        compilerFlags = isOn && CompilerProbeCache.compilerOffers(hashing, swift: swift, state: state, runner: runner)
            ? ["-Xswiftc", hashing] : []
        if isOn && answers.isEmpty { note("the compiler's answers are not cached (SWIFT_EXEC is set, or swift is not in a toolchain folder)") }
    }

    /// The Swift runtime's documented switch for hashing with a fixed seed, for SwiftPM and the
    /// compiler driver. SwiftPM writes the XCTest discovery module's main file
    /// (`all-discovered-tests.swift`) in the order of a `Set` of test targets, which with the
    /// runtime's per-process seed differs at every build: the file's text changed each time, so
    /// even content-hashed incremental builds (`compilerFlags`) recompiled the discovery module
    /// after every edit, and the XCTest listing was never the same twice (`XCTestListKeep`).
    static let stableOrder = ["SWIFT_DETERMINISTIC_HASHING": "1"]

    /// Whether the replay is on (`isOn`), asked before a build: also what keeps the XCTest listing
    /// from one build to the next (`XCTestListKeep`), which relies on SwiftPM's discovery module.
    static func isOn(platformUses: Bool,
                     setting: String? = ProcessInfo.processInfo.environment["KATA_BUILD_REPLAY"]) -> Bool {
        platformUses && !["off", "0", "no", "false"].contains(setting?.lowercased() ?? "")
    }

    /// Where the replay says why it did not replay.
    var log: URL { shadow.directory.appendingPathComponent("build-replay.log") }

    /// Appends one line to the log (kept under 64 KB: its older half goes), and says it on
    /// standard error when `KATA_TRACE` is set.
    func note(_ line: String) {
        let stamped = ISO8601DateFormatter().string(from: Date()) + " " + line + "\n"
        if ProcessInfo.processInfo.environment["KATA_TRACE"] != nil { StandardError().write("[kata] build replay: " + line + "\n") }
        guard (try? GraderFolder.makeReal(shadow.directory, within: state)) != nil else { return }
        var text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        if text.utf8.count > 64_000 { text = String(text.suffix(32_000)) }
        try? (text + stamped).write(to: log, atomically: true, encoding: .utf8)
        watch?.graderWrote([log])
    }

    /// SwiftPM's build plan as it is now (size and time), for the build record.
    func planStamp() -> String {
        isOn ? SwiftPMPlan.stamp(inPackage: shadow.directory) : ""
    }

    /// The binaries of `targets` rebuilt since SwiftPM's last build, or nil when one is missing
    /// (or the replay is off: SwiftPM then builds them into its own binary).
    func ownBinaries(_ targets: [String], testBinary: URL) -> [String: URL]? {
        guard isOn || targets.isEmpty else { return nil }
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
    /// SwiftPM's last build, or nil: not this time (logged, unless nothing but SwiftPM could
    /// build it anyway). `trackTargets`: every exercise track's target.
    func rebuild(since record: BuildRecord, files: [String: String], testBinary: URL, swiftTestingTargets: Set<String>,
                 trackTargets: Set<String>, progress: BuildProgress) -> [String: URL]? {
        guard isOn else { return nil }
        let targets: [String]
        switch TrackRelink.targetsToRebuild(since: record.files, now: files, swiftTestingTargets: swiftTestingTargets) {
        case .rebuild(let edited): targets = edited
        case .leaveToSwiftPM(let why):
            note("swift build: \(why)")
            return nil
        }
        var sources: [String: [URL]] = [:]
        for target in targets {
            let folder = shadow.targetDirectory(named: target)
            sources[target] = ((try? FileTree.files(under: folder)) ?? []).map { folder.appendingPathComponent($0) }
        }
        let relink = TrackRelink(runner: runner, environment: environment,
                                 log: shadow.directory.appendingPathComponent("relink.log"))
        // Its own log: the progress line must not show a step of the last SwiftPM build.
        let outcome = progress.during(log: relink.log, note: nil) {
            relink.run(targets, sources: sources, package: shadow.directory, testBinary: testBinary, testTargets: trackTargets,
                       requiredModules: [GraderOnlyNames.hookModule], watch: watch)
        }
        switch outcome {
        case .fellBack(let why):
            note("fell back to swift build: \(why)")
            return nil
        case .rebuilt(let rebuilt):
            note("rebuilt \(rebuilt.joined(separator: ", ")) without SwiftPM")
            return ownBinaries(Set(record.ownBinaries ?? []).union(rebuilt).sorted(), testBinary: testBinary)
        }
    }
}
