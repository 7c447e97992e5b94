import Foundation
import KataGradingCore

/// Builds the shadow package, leaving out exercises that do not compile.
///
/// The common case is one incremental `swift build`. When it fails, the errors name the exercises
/// at fault; those are left out of the manifest and the rest is built again, so a half-typed
/// exercise never changes another exercise's verdict.
public struct ShadowBuild {
    public struct Result {
        /// The copy that was built, and the switch its variants were compiled with.
        public var shadow: ShadowPackage
        public var variantSwitch: VariantSwitch
        /// The test binary with every exercise that compiled.
        public var testBinary: URL
        /// Swift Testing tracks rebuilt since into binaries of their own (`BuildReplay`), by
        /// target: run these tracks from there, not from `testBinary`.
        public var ownBinaries: [String: URL] = [:]
        public var broken: [String: CompileError]
        public var missing: [String: String]

        /// The binary that holds the current code of a track's shadow target.
        public func binary(forTarget target: String) -> URL {
            ownBinaries[target] ?? testBinary
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public var paths: KataPaths
    public var catalog: Catalog
    public var variants: [Variant]
    public var shadow: ShadowPackage
    public var swift: String
    public var progress: BuildProgress
    public var variantSwitch: VariantSwitch
    /// The tracks to build, when not all: an attendee's untouched starters need no build.
    public var only: Set<String>?
    /// The files an attendee added, by the track they are compiled with (`GradePlan.extras`).
    var extraFiles: [String: [String]]

    /// The build of `plan`'s shadow copy (one per source of tests, under `.build/kata/`).
    init(course: Course, plan: GradePlan, swift: String) throws {
        paths = course.paths
        catalog = course.catalog
        variants = course.variants
        let directory = paths.state.appendingPathComponent(plan.source.shadowName)
        shadow = ShadowPackage(directory: directory, testsRoot: plan.testsRoot)
        variantSwitch = try VariantSwitch.load(in: directory)
        self.swift = swift
        progress = BuildProgress()
        only = plan.toBuild
        extraFiles = plan.extras
    }

    public func run() throws -> Result {
        var broken: [String: CompileError] = [:]
        var missing: [String: String] = [:]
        let log = shadow.directory.appendingPathComponent("build.log")
        var rebuiltFromScratch = false
        var cold = !FileManager.default.fileExists(atPath: shadow.directory.appendingPathComponent(".build").path)

        let replay = BuildReplay(shadow: shadow, swift: swift, state: paths.state)
        let arguments = ["build", "--build-tests", "--package-path", shadow.directory.path] + replay.compilerFlags()
        for _ in 0...catalog.exercises.count {
            do {
                missing = try shadow.sync(paths: paths, catalog: catalog, variants: variants,
                                          variantSwitch: variantSwitch, excluded: Set(broken.keys), only: only,
                                          extraFiles: extraFiles)
            } catch let error as CatalogError {
                // A variant that no longer fits the legacy code: most likely an edit under Sources/.
                if let edited = ShippedSources.firstEdited(paths) { throw Failure(description: ShippedSources.message(edited)) }
                throw error
            }
            // Nothing to build: every exercise is still a starter (its verdict needs no run).
            // (A track whose files are missing or unreadable needs none either.)
            if let only, only.subtracting(broken.keys).subtracting(missing.keys).isEmpty {
                return built(testBinary: (try? testBinary()) ?? shadow.directory, broken: broken, missing: missing)
            }
            // Nothing changed since the last build that succeeded (the manifest says which exercises
            // were left out): SwiftPM would only confirm it, which costs a second and more.
            let files = shadow.fileFingerprints()
            let plan = replay.planStamp()
            let record = BuildRecord.load(from: shadow)
            if !cold, let record, record.files == files, record.plan == plan, let binary = try? testBinary(),
               let own = replay.ownBinaries(record.ownBinaries ?? [], testBinary: binary) {
                return built(testBinary: binary, ownBinaries: own, broken: broken, missing: missing)
            }
            // Forgotten until a build succeeds: an interrupted one leaves no record to trust.
            BuildRecord.forget(in: shadow)
            if !cold, let record, record.plan == plan, let binary = try? testBinary(),
               let own = replay.rebuild(since: record, files: files, testBinary: binary,
                                        swiftTestingTargets: swiftTestingTargets, trackTargets: trackTargets, progress: progress) {
                BuildRecord(files: files, plan: plan, ownBinaries: own.keys.sorted()).save(to: shadow)
                return built(testBinary: binary, ownBinaries: own, broken: broken, missing: missing)
            }
            let result = try progress.during(log: log, cold: cold) {
                try ProcessRunner.shared.run(swift, arguments, environment: replay.environment,
                                             timeout: 1800, log: log, temporaryName: ProcessRunner.swiftPMTemporary)
            }
            cold = false
            if result.termination == .exited(0) {
                let binary = try testBinary()
                BuildRecord(files: files, plan: replay.planStamp()).save(to: shadow)
                return built(testBinary: binary, broken: broken, missing: missing)
            }
            var newlyBroken = false
            for blame in BuildLog.blame(result.output, targets: trackTargets) {
                guard let exercise = catalog.allTracks.first(where: { Catalog.targetName(of: $0) == blame.target }),
                      broken[exercise.key] == nil else { continue }
                let file = blame.file.flatMap { exercise.uses.contains($0) || exercise.files.contains($0) ? $0 : nil }
                    ?? exercise.files.last ?? ""
                let display = paths.relative(shadow.testFile(file, of: exercise))
                broken[exercise.key] = CompileError(file: display, line: blame.line ?? 1, message: blame.message)
                newlyBroken = true
            }
            if !newlyBroken {
                // Not the exercises' fault. An edited legacy file is the usual cause: name it.
                if let edited = ShippedSources.firstEdited(paths) {
                    throw Failure(description: ShippedSources.message(edited))
                }
                // Otherwise most often a damaged or stale build folder (moved checkout, interrupted
                // write, toolchain change): start it afresh, once.
                if !rebuiltFromScratch {
                    rebuiltFromScratch = true
                    StandardError().write("The grader's build folder looks damaged; rebuilding it from scratch…\n")
                    try? FileManager.default.removeItem(at: shadow.directory.appendingPathComponent(".build"))
                    cold = true
                    continue
                }
                throw Failure(description: Self.describeUnattributed(result, log: paths.relative(log)))
            }
        }
        throw Failure(description: "the build kept failing; see \(paths.relative(log)).")
    }

    private func built(testBinary: URL, ownBinaries: [String: URL] = [:], broken: [String: CompileError],
                        missing: [String: String]) -> Result {
        Result(shadow: shadow, variantSwitch: variantSwitch, testBinary: testBinary, ownBinaries: ownBinaries,
               broken: broken, missing: missing)
    }

    /// The shadow targets of every exercise track.
    var trackTargets: Set<String> { Set(catalog.allTracks.map(Catalog.targetName(of:))) }

    /// The shadow targets of Swift Testing tracks, which the build replay may rebuild on its own.
    var swiftTestingTargets: Set<String> {
        Set(catalog.allTracks.filter { $0.framework == .swiftTesting }.map(Catalog.targetName(of:)))
    }

    func testBinary() throws -> URL {
        let debug = shadow.directory.appendingPathComponent(".build/debug")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: debug.resolvingSymlinksInPath().path)) ?? []
        guard let name = names.first(where: { $0.hasSuffix("PackageTests.xctest") }) else {
            throw Failure(description: "the build succeeded but left no test binary in \(paths.relative(debug)).")
        }
        return debug.appendingPathComponent(name)
    }

    static func describeUnattributed(_ result: ProcessResult, log: String) -> String {
        let firstError = result.output.split(separator: "\n").first { $0.contains("error:") }
        let what = firstError.map { "the kata's own code does not build (\($0.trimmingCharacters(in: .whitespaces)))" }
            ?? "swift build failed without a compiler error"
        return "\(what). This is a bug in the kata, not in your tests: please report it with the log \(log)."
    }
}
