import Foundation
import KataGradingCore

/// Builds the shadow package, leaving out exercises that do not compile.
///
/// The common case is one incremental `swift build`. When it fails, the errors name the exercises
/// at fault; those are left out of the manifest and the rest is built again, so a half-typed
/// exercise never changes another exercise's verdict.
public struct ShadowBuild {
    public struct Result {
        /// The copy that was built.
        public var shadow: ShadowPackage
        /// The test binary with every exercise that compiled.
        public var testBinary: URL
        /// Swift Testing tracks rebuilt since into binaries of their own (`BuildReplay`), by
        /// target: run these tracks from there, not from `testBinary`.
        public var ownBinaries: [String: URL] = [:]
        public var broken: [String: CompileError]
        public var missing: [String: String]
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
    /// The tracks to build, when not all: an attendee's untouched starters need no build.
    public var only: Set<String>?
    /// The files an attendee added, by the track they are compiled with (`GradePlan.extras`).
    var extraFiles: [String: [String]]
    /// Tracks this machine cannot run (`needs`): never built.
    public var leftOut: Set<String>
    public var platform: TestPlatform
    /// The grade's runner of child processes: SwiftPM's commands and the build replay's.
    var runner: ProcessRunner
    /// Built even when every track to build is still a starter: the first run's build of the copy
    /// that the next grade needs (`Grader.prepareCopy`).
    var ahead = false

    /// The build of `plan`'s shadow copy (one per source of tests, under `.build/kata/`).
    init(course: Course, plan: GradePlan, swift: String, platform: TestPlatform, runner: ProcessRunner,
         leftOut: Set<String> = []) throws {
        paths = course.paths
        catalog = course.catalog
        variants = course.variants
        let directory = paths.state.appendingPathComponent(plan.source.shadowName)
        shadow = ShadowPackage(directory: directory, testsRoot: plan.testsRoot)
        self.swift = swift
        progress = BuildProgress()
        only = plan.toBuild
        extraFiles = plan.extras
        self.leftOut = leftOut
        self.platform = platform
        self.runner = runner
    }

    /// Every SwiftPM command of the grader names its build system: SwiftPM's default changes
    /// (`swiftbuild` on main after 6.3), and the test product's name and folder change with it.
    static let buildSystem = ["--build-system", "native"]

    /// The shadow copy as the first step of a build leaves it, before anything is compiled: what
    /// the grader can judge, or look up, from the files alone.
    public struct Prepared {
        /// Tracks that do not compile whatever the build says: their files name what exists only
        /// in the grader's copy (`GraderOnlyNames`).
        public var broken: [String: CompileError]
        /// Tracks whose files are missing, with the missing path.
        public var missing: [String: String]
        /// Every file the build reads, by path in the copy, with its fingerprint.
        public var files: [String: String]
        /// The tracks whose files the copy now holds, as the checkout has them.
        public var synced: Set<String>
    }

    /// Copies the checkout into the shadow copy, leaving out the tracks to build (`only`, every one
    /// when nil) whose files name grader-only code, and those this machine cannot run (`leftOut`,
    /// never synced, so never looked up); then fingerprints every file the build reads.
    public func prepare() throws -> Prepared {
        let building = catalog.allTracks.filter { only?.contains($0.key) != false }
        let broken = shadow.namingGraderOnlyCode(building, paths: paths)
        let missing = try sync(excluding: Set(broken.keys))
        let synced = building.map(\.key).filter { broken[$0] == nil && missing[$0] == nil && !leftOut.contains($0) }
        return Prepared(broken: broken, missing: missing, files: shadow.fileFingerprints(), synced: Set(synced))
    }

    /// `ShadowPackage.sync`, with a variant that no longer fits the legacy code named for what it
    /// most likely is: an edit under `Sources/`.
    func sync(excluding excluded: Set<String>) throws -> [String: String] {
        do {
            return try shadow.sync(paths: paths, catalog: catalog, variants: variants, excluded: excluded.union(leftOut),
                                   only: only, extraFiles: extraFiles, withXCTest: !platform.lacksXCTest,
                                   ignoringCase: platform.simulated && platform.ignoresCase)
        } catch let error as CatalogError {
            if let edited = ShippedKata.firstEdited(paths) { throw Failure(description: edited.description) }
            throw error
        }
    }

    /// Builds the copy that `prepare` made. `watch`: the grade's seal, which the build replay takes
    /// before it lists the binaries it made (that runs the attendee's code).
    func run(after prepared: Prepared, watch: SealWatch? = nil) throws -> Result {
        var broken = prepared.broken
        var missing = prepared.missing
        let log = shadow.directory.appendingPathComponent("build.log")
        var rebuiltFromScratch = false
        var cold = neverBuilt

        var replay = BuildReplay(shadow: shadow, swift: swift, state: paths.state, platformUses: platform.usesBuildReplay, runner: runner)
        replay.watch = watch
        let arguments = ["build"] + Self.buildSystem + ["--build-tests", "--package-path", shadow.directory.path] + replay.compilerFlags
            + platform.buildFlags
        var synced: [String: String]? = prepared.files
        for _ in 0...catalog.exercises.count {
            // The copy as `prepare` left it, the first time; again, without what broke, after that.
            if synced == nil { missing = try sync(excluding: Set(broken.keys)) }
            // Nothing to build: every exercise is still a starter (its verdict needs no run).
            // (A track whose files are missing or unreadable needs none either, nor one this machine cannot run.)
            if !ahead, let only, only.subtracting(broken.keys).subtracting(missing.keys).subtracting(leftOut).isEmpty {
                let binary = BuildRecord.load(from: shadow)?.builtProduct(in: shadow) ?? (try? testBinary())
                return built(testBinary: binary ?? shadow.directory, broken: broken, missing: missing)
            }
            // Nothing changed since the last build that succeeded (the manifest says which exercises
            // were left out): SwiftPM would only confirm it, which costs a second and more.
            let files = synced ?? shadow.fileFingerprints()
            synced = nil
            let plan = replay.planStamp()
            let record = BuildRecord.load(from: shadow)
            if !cold, replay.isOn, let record, record.files == files, record.plan == plan, let binary = record.builtProduct(in: shadow),
               let own = replay.ownBinaries(record.ownBinaries ?? [], testBinary: binary) {
                return built(testBinary: binary, ownBinaries: own, broken: broken, missing: missing)
            }
            // Forgotten until a build succeeds: an interrupted one leaves no record to trust.
            BuildRecord.forget(in: shadow)
            if !cold, replay.isOn, let record, record.plan == plan, let binary = record.builtProduct(in: shadow),
               let own = replay.rebuild(since: record, files: files, testBinary: binary,
                                        swiftTestingTargets: swiftTestingTargets, trackTargets: trackTargets, progress: progress) {
                BuildRecord(files: files, plan: plan, ownBinaries: own.keys.sorted(), testProduct: binary.path).save(to: shadow)
                watch?.graderWrote([BuildRecord.url(in: shadow)])
                return built(testBinary: binary, ownBinaries: own, broken: broken, missing: missing)
            }
            // SwiftPM writes all over the copy's build: a seal the replay took is checked and let go first.
            try watch?.releaseBeforeSwiftPMBuilds()
            let buildStarted = Date()
            let note = ahead ? BuildProgress.preparingNote : cold ? BuildProgress.firstBuildNote : nil
            let result = try progress.during(log: log, note: note) {
                try runner.run(swift, arguments, environment: replay.environment,
                               timeout: 1800, log: log, temporaryName: ProcessRunner.swiftPMTemporary)
            }
            cold = false
            if result.termination == .exited(0) {
                let binary = try relinkedProduct(of: record, since: buildStarted) ?? testBinary()
                // A binary that crashes at start runs no exercise's tests: built again without the track at fault.
                let crashing = crashingAtStart(binary).filter { broken[$0.key] == nil }
                if !crashing.isEmpty {
                    broken.merge(crashing) { first, _ in first }
                    continue
                }
                BuildRecord(files: files, plan: replay.planStamp(), testProduct: binary.path).save(to: shadow)
                return built(testBinary: binary, broken: broken, missing: missing)
            }
            if try afterFailedBuild(result, log: log, broken: &broken, wiped: &rebuiltFromScratch) { cold = true }
        }
        throw Failure(description: "the build kept failing; see \(paths.relative(log)).")
    }

    /// After a `swift build` that failed: charges the tracks its errors name to `broken` and
    /// returns false (they are built again without them). When it names none, throws what it was
    /// (a full disk, an edited legacy file), or, once (`wiped`), empties a build folder that looks
    /// damaged and returns true: the next build is a cold one.
    private func afterFailedBuild(_ result: ProcessResult, log: URL, broken: inout [String: CompileError], wiped: inout Bool) throws -> Bool {
        // A write that failed for space is no exercise's fault, and no damage: said as a full disk.
        if FullDisk.mentioned(in: result.output), let full = FullDisk.after(result.output, folders: buildFolders) { throw full }
        if blame(result.output, into: &broken) { return false }
        // Not the exercises' fault. An edited legacy file is the usual cause: name it.
        if let edited = ShippedKata.firstEdited(paths) {
            throw Failure(description: edited.description)
        }
        // A disk too full for a build, though no tool said so: nothing is wiped either.
        if let full = FullDisk.after(result.output, folders: buildFolders) { throw full }
        // Otherwise most often a damaged or stale build folder (moved checkout, interrupted
        // write, toolchain change): start it afresh, once.
        guard !wiped else { throw Failure(description: Self.describeUnattributed(result, log: paths.relative(log))) }
        wiped = true
        StandardError().write("The grader's build folder looks damaged; rebuilding it from scratch…\n")
        GraderFolder.removeWhole(shadow.directory.appendingPathComponent(".build"))
        return true
    }

    /// The tracks a failed build's `output` blames, each with its compile error, added to `broken`;
    /// whether any was not there already.
    func blame(_ output: String, into broken: inout [String: CompileError]) -> Bool {
        var newlyBroken = false
        var blames = BuildLog.blame(output, targets: trackTargets)
        if blames.isEmpty { blames = linkBlames(output, targets: trackTargets) }
        for blame in blames {
            guard let exercise = catalog.allTracks.first(where: { $0.targetName == blame.target }),
                  broken[exercise.key] == nil else { continue }
            // An object file names its source without the folder it sits in (`SwiftTesting/`).
            // A file the attendee added beside the exercise's own is named as it is, not as the
            // exercise's last file (which would point at a line of another file).
            let file = blame.file.flatMap { named in
                (exercise.uses + exercise.files).first { $0 == named || $0.hasSuffix("/" + named) }
                    ?? (FileManager.default.fileExists(atPath: shadow.testFile(named, of: exercise).path) ? named : nil)
            } ?? exercise.files.last ?? ""
            var display = paths.relative(shadow.testFile(file, of: exercise))
            var line = blame.line ?? 1
            var message = blame.message
            if blame.inTestDiscovery {
                message = Self.discoveryMessage(blame.message)
                if let found = declaration(namedIn: blame.message, of: exercise) { (display, line) = found }
            }
            broken[exercise.key] = CompileError(file: display, line: line, message: message)
            newlyBroken = true
        }
        return newlyBroken
    }

    /// The folders a build of the copy writes to, with what each is for: the copy's own, and the
    /// temporary folder its tools write to (`ProcessRunner.temporaryRoot`).
    var buildFolders: [(role: String, path: String)] {
        var folders = [(role: "the grader's copy of the kata", path: shadow.directory.appendingPathComponent(".build").path)]
        if let temporary = runner.temporaryRoot {
            folders.append((role: "temporary files, from TMPDIR", path: temporary.path))
        }
        return folders
    }

    /// Whether no build of the copy ever started (a fresh clone's): the next one is cold. Not
    /// whether the last one succeeded: after a grade whose only started track did not compile,
    /// building again would only cost the attendee's next grade a second build.
    var neverBuilt: Bool { Self.neverBuilt(shadow.directory) }

    static func neverBuilt(_ directory: URL) -> Bool {
        !FileManager.default.fileExists(atPath: directory.appendingPathComponent(".build").path)
    }

    /// `neverBuilt` of the copy of `Exercises/`, asked before anything else is (one `stat`).
    static func exercisesCopyNeverBuilt(_ paths: KataPaths) -> Bool {
        neverBuilt(paths.state.appendingPathComponent(TestSource.exercises.shadowName))
    }

    /// After a binary the build replay made ran no test (`TrackRunner.ReplayRanNoTest`): the build
    /// record is forgotten, so that SwiftPM builds next and its binary serves every track, and why
    /// is logged where the replay logs its fall backs.
    func distrustReplay(_ why: String) {
        BuildRecord.forget(in: shadow)
        BuildReplay(shadow: shadow, swift: swift, state: paths.state, platformUses: platform.usesBuildReplay, runner: runner)
            .note("fell back to swift build: \(why)")
    }

    /// A link error that names no object (gold's `<compiler-generated>` line): the tracks whose
    /// objects hold the name of a symbol the link could not find. Only when exactly one track's
    /// objects do; otherwise nothing is blamed and the build is not the attendee's fault.
    private func linkBlames(_ output: String, targets: Set<String>) -> [BuildLog.Blame] {
        let symbols = BuildLog.undefinedSymbols(in: output)
        guard !symbols.isEmpty else { return [] }
        let products = shadow.directory.appendingPathComponent(".build/debug")
        // Each track's objects, read once.
        let objects: [String: [Data]] = Dictionary(uniqueKeysWithValues: targets.map { target in
            let folder = products.appendingPathComponent("\(target).build")
            let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            return (target, files.filter { $0.pathExtension == "o" }.compactMap { try? Data(contentsOf: $0) })
        })
        var blames: [BuildLog.Blame] = []
        for symbol in symbols {
            let name = Data(symbol.utf8)
            let holders = objects.filter { $0.value.contains { $0.range(of: name) != nil } }.keys
            // A name that several tracks' objects hold tells nothing.
            guard holders.count == 1, let target = holders.first, !blames.contains(where: { $0.target == target }) else { continue }
            blames.append(BuildLog.Blame(target: target, file: nil, line: nil, message: "undefined reference to '\(symbol)'"))
        }
        return blames
    }

    private func built(testBinary: URL, ownBinaries: [String: URL] = [:], broken: [String: CompileError],
                        missing: [String: String]) -> Result {
        Result(shadow: shadow, testBinary: testBinary, ownBinaries: ownBinaries, broken: broken, missing: missing)
    }

    /// Where the class that SwiftPM's discovery could not reach (`cannot find type 'X' in scope`)
    /// is declared in the track's files: the attendee's file and line.
    func declaration(namedIn message: String, of track: Catalog.Exercise) -> (String, Int)? {
        guard let start = message.range(of: "'"), let end = message[start.upperBound...].range(of: "'") else { return nil }
        let name = message[start.upperBound..<end.lowerBound]
        for file in track.uses + track.files {
            let url = shadow.testFile(file, of: track)
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                  let line = SwiftTokens.line(declaring: String(name), after: "class", in: text) else { continue }
            return (paths.relative(url), line)
        }
        return nil
    }

    /// SwiftPM's test discovery on Linux writes `extension <Class>` at the top level of a module
    /// of its own, so it cannot reach a test class nested in another type: `swift build` fails in
    /// the generated file. Said in the words of what to do.
    static func discoveryMessage(_ message: String) -> String {
        "SwiftPM's test discovery on Linux could not reach a test class (\(message)): a test class nested inside another type is not run by `swift test` on Linux. Move it to the top level of the file (Xcode on macOS runs it either way)."
    }

    /// The XCTest tracks whose `@MainActor` class of synchronous tests makes SwiftPM's discovery
    /// crash the test binary at start (`MainActorDiscovery`), each with where that class is declared.
    func crashingAtStart(_ binary: URL) -> [String: CompileError] {
        guard let discovery = XCTestListKeep(binary: binary).discovery else { return [:] }
        var found: [String: CompileError] = [:]
        for track in catalog.allTracks where track.framework == .xctest {
            guard let text = FileContents.text(at: discovery.appendingPathComponent("\(track.targetName).swift")) else { continue }
            let sources = (track.uses + track.files + (extraFiles[track.key] ?? [])).compactMap { file -> (URL, String)? in
                let url = shadow.testFile(file, of: track)
                return FileContents.text(at: url).map { (url, $0) }
            }
            for name in MainActorDiscovery.allSynchronousClasses(inDiscoveryFile: text) where found[track.key] == nil {
                // Declared @MainActor, or inheriting from a class of the track's files that is (two levels at most).
                let base = sources.lazy.compactMap { MainActorDiscovery.superclass(of: name, in: $0.1) }.first
                let baseOfBase = base.flatMap { base in sources.lazy.compactMap { MainActorDiscovery.superclass(of: base, in: $0.1) }.first }
                let isolated = [name, base, baseOfBase].compactMap { $0 }.contains { candidate in
                    sources.contains { MainActorDiscovery.mainActorClassLine(candidate, in: $0.1) != nil }
                }
                guard isolated, let declared = sources.first(where: { SwiftTokens.line(declaring: name, after: "class", in: $0.1) != nil }),
                      let line = SwiftTokens.line(declaring: name, after: "class", in: declared.1) else { continue }
                var error = CompileError(file: paths.relative(declared.0), line: line, message: MainActorDiscovery.message(forClass: name))
                error.crashesAtStart = true
                found[track.key] = error
            }
        }
        return found
    }

    /// The shadow targets of every exercise track.
    var trackTargets: Set<String> { Set(catalog.allTracks.map(\.targetName)) }

    /// The shadow targets of Swift Testing tracks, which the build replay may rebuild on its own.
    var swiftTestingTargets: Set<String> {
        Set(catalog.allTracks.filter { $0.framework == .swiftTesting }.map(\.targetName))
    }

    /// The test product the last record names, when this build has just written it: SwiftPM put it
    /// where it put it before, and asking again (`--show-bin-path`, which evaluates the manifest)
    /// costs a fifth of a second to half a second of every edit–grade. A product this build did
    /// not write (a build that had nothing to link, another toolchain's folder) is asked for.
    private func relinkedProduct(of record: BuildRecord?, since started: Date) -> URL? {
        guard let product = record?.builtProduct(in: shadow),
              let written = try? product.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate,
              written >= started.addingTimeInterval(-1) else { return nil }
        return product
    }

    /// The test product SwiftPM built, in the folder SwiftPM names (`--show-bin-path`, which builds
    /// nothing): `<Package>PackageTests.xctest`, an executable on Linux and a bundle on macOS.
    func testBinary() throws -> URL {
        let log = shadow.directory.appendingPathComponent("bin-path.log")
        let answer = try? runner.run(swift, ["build"] + Self.buildSystem + ["--show-bin-path", "--package-path", shadow.directory.path],
                                     timeout: 120, log: log, temporaryName: ProcessRunner.swiftPMTemporary)
        guard let answer, answer.termination == .exited(0),
              let path = answer.output.split(separator: "\n").last.map({ $0.trimmingCharacters(in: .whitespaces) }), path.hasPrefix("/") else {
            throw Failure(description: "swift build --show-bin-path did not name the build folder; see \(paths.relative(log)).")
        }
        let folder = URL(fileURLWithPath: path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard let name = names.first(where: { $0.hasSuffix("PackageTests.xctest") }) else {
            throw Failure(description: "the build succeeded but left no test product in \(paths.relative(folder)).")
        }
        return folder.appendingPathComponent(name)
    }

    static func describeUnattributed(_ result: ProcessResult, log: String) -> String {
        let firstError = result.output.split(separator: "\n").first { $0.contains("error:") }
        let what = firstError.map { "the kata's own code does not build (\($0.trimmingCharacters(in: .whitespaces)))" }
            ?? "swift build failed without a compiler error"
        return "\(what). This is a bug in the kata, not in your tests: please report it with the log \(log)."
    }
}
