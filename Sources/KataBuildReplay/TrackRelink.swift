import Foundation
import KataGradingCore

/// Rebuilds a Swift Testing track after an edit of that track alone, without SwiftPM, into a test
/// binary of its own.
///
/// After an attendee edits a test, `swift build` plans the whole package again (0.3 s), then
/// rediscovers XCTest's tests and recompiles the discovery and runner modules (0.4–1.3 s), and
/// relinks the test binary that holds every track (0.55 s for 8.8 MB). A Swift Testing track needs
/// none of that: Swift Testing finds its tests in the binary at run time, and SwiftPM's discovery
/// file for a track with no XCTest in it is empty before and after the edit. So when the record of
/// the last build shows that only such tracks changed since, the grader compiles each such track
/// into a folder of its own, with the frontend jobs of SwiftPM's compile command (read from its
/// build plan, `SwiftPMPlan`, and asked of the driver once, `DriverJobs`), and links it into a
/// small binary (0.15 s): the legacy modules' objects, exactly as SwiftPM's link has them, the
/// track's, and an entry point that starts Swift Testing as SwiftPM's runner does. The grader then
/// runs that track from its own binary (`ownBinary(of:testBinary:)`) and every other track from
/// SwiftPM's, which is still current for them.
///
/// SwiftPM's outputs and the driver's incremental state stay as SwiftPM's last build left them,
/// so its next build, which sees newer sources, redoes what it must, and its binary serves every
/// track again. Anything unexpected (another file changed, a plan it cannot read, a command that
/// fails) means "not this time": `swift build` does the work and reports any error as usual.
/// Linux only.
public struct TrackRelink: Sendable {
    var runner: any CommandRunner
    var environment: [String: String]
    /// Where the compiler and the linker say what they did.
    public var log: URL

    /// `environment`: what every job gets added to the grader's (`CompilerProbeCache.environment`).
    public init(runner: any CommandRunner, environment: [String: String], log: URL) {
        self.runner = runner
        self.environment = environment
        self.log = log
    }

    /// The most targets rebuilt this way at once. It rebuilds them one after the other, 0.5 s
    /// each, while SwiftPM builds modules in parallel: for 29 at once (a pull, say) SwiftPM took
    /// 20 s and this way 26 s. An attendee edits one track at a time.
    public static let mostTargets = 4

    /// What to do after an edit: rebuild these tracks alone, or leave the build to SwiftPM, and why.
    public enum Decision: Equatable, Sendable {
        case rebuild([String])
        case leaveToSwiftPM(String)
    }

    /// The shadow targets to rebuild, when every file that changed since the last build (`built`,
    /// fingerprints by path) belongs to one of `swiftTestingTargets` (`Grade/<target>/…`); SwiftPM's
    /// build when anything else changed, nothing did, more than `mostTargets` did, or a file was
    /// added or removed.
    public static func targetsToRebuild(since built: [String: String], now files: [String: String],
                                        swiftTestingTargets: Set<String>) -> Decision {
        guard Set(built.keys) == Set(files.keys) else { return .leaveToSwiftPM("a file was added or removed") }
        var targets = Set<String>()
        for (path, fingerprint) in files.sorted(by: { $0.key < $1.key }) where built[path] != fingerprint {
            let parts = path.split(separator: "/", maxSplits: 2)
            guard parts.count == 3, parts[0] == "Grade", swiftTestingTargets.contains(String(parts[1])) else {
                return .leaveToSwiftPM("\(path) is not in a Swift Testing track")
            }
            targets.insert(String(parts[1]))
        }
        if targets.isEmpty { return .leaveToSwiftPM("nothing changed") }
        if targets.count > mostTargets { return .leaveToSwiftPM("\(targets.count) tracks changed, more than \(mostTargets)") }
        return .rebuild(targets.sorted())
    }

    /// Whether the file's code imports XCTest (or a part of it), as the grader's one scanner of
    /// Swift source reads it (`SwiftTokens`): an import in a comment or a string imports nothing.
    /// A wrong no is caught all the same: a track with XCTest tests has a discovery file that is not
    /// empty, and falls back to SwiftPM (`run`).
    static func importsXCTest(_ source: String) -> Bool {
        SwiftTokens.importedModules(in: source).contains("XCTest")
    }

    /// The plan's steps for `targets`: each one's compile command, by target, and the command that
    /// links SwiftPM's test binary, whose settings and objects the tracks' own links reuse. Nil
    /// when the plan does not hold each of them exactly once (`SwiftPMPlan.command(making:in:)`).
    static func steps(for targets: [String], build: URL, testBinary: String,
                      in plan: SwiftPMPlan) -> (compiles: [String: SwiftPMPlan.Command], link: SwiftPMPlan.Command)? {
        var compiles: [String: SwiftPMPlan.Command] = [:]
        for target in targets {
            guard let compile = plan.command(making: "Modules/\(target).swiftmodule", in: build) else { return nil }
            compiles[target] = compile
        }
        guard let link = plan.command(making: testBinary, in: build) else { return nil }
        return (compiles, link)
    }

    /// A track's own binary: beside SwiftPM's, so that the link's `-rpath=$ORIGIN` means the same.
    public static func ownBinary(of target: String, testBinary: URL) -> URL {
        testBinary.deletingLastPathComponent().appendingPathComponent("\(target).kata-track")
    }

    /// The grader's files for the tracks' own binaries, in the build folder: the entry point, and
    /// for each track its objects, their list and the driver's jobs.
    static func workFolder(testBinary: URL) -> URL {
        testBinary.deletingLastPathComponent().appendingPathComponent("kata-tracks")
    }

    /// The entry point of a track's own binary: what SwiftPM's runner does for
    /// `--testing-library swift-testing`, which the grader passes to every Swift Testing run.
    static let entryPointSource = """
        // Written by the kata's grader: starts Swift Testing as SwiftPM's test runner does.
        import Testing

        @_silgen_name("$ss13_runAsyncMainyyyyYaKcF")
        private func _runAsyncMain(_ asyncFun: @Sendable @escaping () async throws -> ())

        _runAsyncMain { await Testing.__swiftPMEntryPoint() as Never }

        """

    /// SwiftPM names the discovery module after the test product: XPackageTests → XPackageDiscoveredTests.
    static func discoveryModule(ofProduct product: String) -> String? {
        product.hasSuffix("Tests") ? "\(product.dropLast(5))DiscoveredTests" : nil
    }

    /// The objects of a track's own binary: `entryPoint`, then of SwiftPM's link (`linked`, in its
    /// order) the legacy modules' objects, without any test target's (`testTargets`) or SwiftPM's
    /// test runner and discovery modules (named after the `product`), then the track's `own`.
    /// Nil when the track has none, or the link holds an object outside a `<module>.build` folder.
    static func ownObjects(entryPoint: String, linked: [String], own: [String], product: String,
                           testTargets: Set<String>) -> [String]? {
        guard let discovery = discoveryModule(ofProduct: product), !own.isEmpty else { return nil }
        let harness: Set<String> = [product, discovery]
        var result = [entryPoint]
        for object in linked where object.hasSuffix(".o") {
            let folder = URL(fileURLWithPath: object).deletingLastPathComponent().lastPathComponent
            guard folder.hasSuffix(".build") else { return nil }
            let module = String(folder.dropLast(6))
            if !testTargets.contains(module), !harness.contains(module) { result.append(object) }
        }
        return result + own
    }

    /// SwiftPM's link command made to link `target`'s own binary: its output, module name and
    /// object list replaced, every other setting kept. Nil unless each appears exactly once.
    static func ownLink(of target: String, link: [String], output: URL, objectList: URL) -> [String]? {
        var arguments = link
        func replaceValue(of option: String, with value: String) -> Bool {
            let at = arguments.indices.filter { arguments[$0] == option }
            guard at.count == 1, let index = at.first, index + 1 < arguments.count else { return false }
            arguments[index + 1] = value
            return true
        }
        let lists = arguments.indices.filter { arguments[$0].hasPrefix("@") }
        guard lists.count == 1, let list = lists.first,
              replaceValue(of: "-o", with: output.path),
              replaceValue(of: "-module-name", with: "\(target)_OwnBinary") else { return nil }
        arguments[list] = "@" + objectList.path
        return arguments
    }

    /// `link` made to use lld when the toolchain beside its compiler driver has it (Swift's Linux
    /// toolchains do): for a track's binary it takes 0.09 s where gold takes 0.14 s.
    static func preferringLLD(_ link: [String], exists: (String) -> Bool) -> [String] {
        let lld = URL(fileURLWithPath: link[0]).deletingLastPathComponent().appendingPathComponent("ld.lld").path
        guard exists(lld), !link.contains(where: { $0.hasPrefix("-use-ld") }) else { return link }
        return link + ["-use-ld=lld"]
    }

    /// A response file line for the compiler driver: quoted, so that a path may hold spaces.
    static func responseFileLine(_ path: String) -> String {
        "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// What a rebuild did: the tracks it rebuilt, or why SwiftPM must build this time.
    public enum Outcome: Equatable, Sendable {
        case rebuilt([String])
        case fellBack(String)
    }

    /// Rebuilds each of `targets` into a binary of its own, following the plan of the package in
    /// `package`; the targets rebuilt, or why it did not (the caller then runs `swift build`).
    /// `sources`: each target's files. `testTargets`: every exercise track's target.
    /// `requiredModules`: modules every test binary must carry (the grader's run hook): a link
    /// without an object of each is not made.
    ///
    /// No binary it makes is handed on unchecked. Once per SwiftPM build its recipe is (`recipeCheck`):
    /// SwiftPM's own objects of a track, linked by the recipe, must list exactly the tests SwiftPM's
    /// binary lists, so that a recipe that stopped doing what SwiftPM's runner does (an entry point
    /// that changed behaviour, say) falls back rather than gives a binary that runs nothing. The
    /// listings come after every binary is made, and `watch` hears of them first: they run the
    /// attendee's code (`BuiltCodeWatch`). Each binary made then shows which tests it holds in its
    /// runs, which Swift Testing declares in its event stream: a run of one that declares none is
    /// not judged (the grader's `TrackRunner`), and SwiftPM builds instead.
    public func run(_ targets: [String], sources: [String: [URL]], package: URL, testBinary: URL,
                    testTargets: Set<String>, requiredModules: Set<String> = [], watch: (any BuiltCodeWatch)? = nil) -> Outcome {
        let recipe: Recipe
        switch Self.recipe(targets, sources: sources, package: package, testBinary: testBinary, testTargets: testTargets,
                           requiredModules: requiredModules) {
        case .failure(let stopped): return .fellBack(stopped.why)
        case .success(let made): recipe = made
        }
        guard let entryPoint = entryPointObject(link: recipe.link.arguments, folder: recipe.work) else {
            return .fellBack("the entry point (Testing.__swiftPMEntryPoint, _runAsyncMain) does not compile")
        }
        // Everything is built before anything built runs: listing a binary's tests runs the
        // attendee's code, which must find the grader's folder sealed (`watch`).
        let check: RecipeCheck
        switch recipeCheck(targets: targets, linked: recipe.link.inputs, link: recipe.link.arguments, entryPoint: entryPoint,
                           product: recipe.product, testBinary: testBinary, testTargets: testTargets,
                           requiredModules: requiredModules, package: package, work: recipe.work) {
        case .failure(let stopped): return .fellBack(stopped.why)
        case .success(let made): check = made
        }
        var outputs: [URL] = []
        for target in targets {
            switch makeBinary(of: target, recipe: recipe, entryPoint: entryPoint) {
            case .failure(let stopped):
                check.discard()
                return .fellBack(stopped.why)
            case .success(let output): outputs.append(output)
            }
        }
        guard case .pending(let target, let probe, let marker) = check else { return .rebuilt(targets) }
        return confirm(target, probe: probe, marker: marker, outputs: outputs, recipe: recipe, watch: watch, targets: targets)
    }

    /// What the replay rebuilds from: SwiftPM's plan for `targets`, read from the package's build
    /// folder, and where the replay works; a failure says why the replay must leave the build to SwiftPM.
    struct Recipe {
        var compiles: [String: SwiftPMPlan.Command]
        var link: SwiftPMPlan.Command
        var product: String
        var testBinary: URL
        var testTargets: Set<String>
        var requiredModules: Set<String>
        var work: URL
    }

    static func recipe(_ targets: [String], sources: [String: [URL]], package: URL, testBinary: URL,
                       testTargets: Set<String>, requiredModules: Set<String>) -> Result<Recipe, NotReplayed> {
        // The build folder is the test binary's, links resolved, as SwiftPM writes its plan.
        let build = testBinary.deletingLastPathComponent().resolvingSymlinksInPath()
        let product = testBinary.deletingPathExtension().lastPathComponent
        guard let discoveryModule = discoveryModule(ofProduct: product) else {
            return .failure(NotReplayed(why: "the test product \(product) is not named …Tests"))
        }
        let discovery = build.appendingPathComponent("\(discoveryModule).derived")
        for target in targets {
            // A track that imports XCTest may hold test case classes, which need SwiftPM's discovery.
            for file in sources[target] ?? [] {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                    return .failure(NotReplayed(why: "\(file.lastPathComponent) cannot be read"))
                }
                if importsXCTest(text) {
                    return .failure(NotReplayed(why: "\(file.lastPathComponent) imports XCTest, whose tests need SwiftPM's discovery"))
                }
            }
            let discovered = discovery.appendingPathComponent("\(target).swift").path
            guard let size = (try? FileManager.default.attributesOfItem(atPath: discovered))?[.size] as? NSNumber, size.intValue == 0 else {
                return .failure(NotReplayed(why: "SwiftPM's discovery file for \(target) is missing or not empty"))
            }
        }
        guard let text = try? String(contentsOf: SwiftPMPlan.url(inPackage: package), encoding: .utf8) else {
            return .failure(NotReplayed(why: "SwiftPM's build plan (.build/debug.yaml) cannot be read"))
        }
        guard let steps = steps(for: targets, build: build, testBinary: testBinary.lastPathComponent, in: SwiftPMPlan(text: text)) else {
            return .failure(NotReplayed(why: "SwiftPM's build plan does not hold one plain command for each step (its layout or keys changed?)"))
        }
        return .success(Recipe(compiles: steps.compiles, link: steps.link, product: product, testBinary: testBinary,
                               testTargets: testTargets, requiredModules: requiredModules, work: workFolder(testBinary: testBinary)))
    }

    /// Compiles and links `target`'s own binary; its path, else why not.
    func makeBinary(of target: String, recipe: Recipe, entryPoint: URL) -> Result<URL, NotReplayed> {
        func stop(_ why: String) -> Result<URL, NotReplayed> { .failure(NotReplayed(why: why)) }
        let output = Self.ownBinary(of: target, testBinary: recipe.testBinary)
        let objects = recipe.work.appendingPathComponent(target)
        // The old binary and objects go first: a failed step must not leave any that look current.
        try? FileManager.default.removeItem(at: output)
        try? FileManager.default.removeItem(at: objects)
        guard let compile = recipe.compiles[target],
              (try? FileManager.default.createDirectory(at: objects, withIntermediateDirectories: true)) != nil else {
            return stop("no folder for the objects of \(target)")
        }
        // Compiled by the frontend jobs the driver plans for the whole module, at once: every
        // source again (an edit of one may change what another compiles to), one batch a core.
        let sources = compile.inputs.filter { $0.hasSuffix(".swift") }
        let compileArguments = compile.arguments
        guard let jobs = DriverJobs.of(compileArguments, key: compileArguments + sources,
                                       cache: recipe.work.appendingPathComponent("\(target).compile-jobs"),
                                       runner: runner, environment: environment, log: log) else {
            return stop("the driver's jobs (-###) for \(target) are not plain programs reading lasting files")
        }
        guard let compileJobs = DriverJobs.objectJobs(of: jobs, sources: sources, objects: objects) else {
            return stop("the driver's frontend jobs for \(target) write outputs the replay does not know, or miss a source")
        }
        guard allSucceed(compileJobs, logs: objects) else { return stop("a compile job of \(target) failed") }
        if let why = link(target, objects: DriverJobs.outputs(of: compileJobs), into: output, linked: recipe.link.inputs,
                          link: recipe.link.arguments, entryPoint: entryPoint, product: recipe.product,
                          testTargets: recipe.testTargets, requiredModules: recipe.requiredModules, work: recipe.work) {
            return stop(why)
        }
        return .success(output)
    }

    /// The recipe check, once everything is built: the probe linked from SwiftPM's objects of
    /// `target` must list what SwiftPM's binary lists for it; else the binaries made go, and the
    /// build is left to SwiftPM.
    func confirm(_ target: String, probe: URL, marker: URL, outputs: [URL], recipe: Recipe,
                 watch: (any BuiltCodeWatch)?, targets: [String]) -> Outcome {
        watch?.willRunBuiltCode()
        var wrote = [Self.listLog(in: recipe.work), probe]
        defer { watch?.graderWrote(wrote) }
        let expected = listedTests(of: recipe.testBinary, work: recipe.work).map { $0.filter { $0.hasPrefix(target + ".") } }
        // The probe also holds the grader's own test (its channel's canary, linked in with the
        // hook), which says nothing of the recipe; any other track's test in it does.
        let got = listedTests(of: probe, work: recipe.work).map { $0.filter { !CanarySource.isCanary($0) } }
        try? FileManager.default.removeItem(at: probe)
        func fellBack(_ why: String) -> Outcome {
            for output in outputs { try? FileManager.default.removeItem(at: output) }
            wrote += outputs
            return .fellBack(why)
        }
        guard let expected, !expected.isEmpty else {
            return fellBack("SwiftPM's binary lists no Swift Testing test of \(target), to check the replay against")
        }
        guard let got, got.sorted() == expected.sorted() else {
            return fellBack("checked against SwiftPM's binary, the replay's binary lists other tests for \(target)")
        }
        // Made only when the check held.
        try? Data().write(to: marker, options: .atomic)
        wrote.append(marker)
        return .rebuilt(targets)
    }

    /// Links `target`'s own binary at `output` from `objects` (its own) and the legacy modules'
    /// objects of SwiftPM's link; nil when it did, else why not.
    /// `name`: of its object list and cached jobs in `work` (the target's own, or its check's).
    func link(_ target: String, objects: [String], into output: URL, linked: [String], link linkArguments: [String],
              entryPoint: URL, product: String, testTargets: Set<String>, requiredModules: Set<String>, work: URL,
              name: String? = nil) -> String? {
        let name = name ?? target
        let objectList = work.appendingPathComponent("\(name).objects")
        guard let ownObjects = Self.ownObjects(entryPoint: entryPoint.path, linked: linked, own: objects, product: product,
                                               testTargets: testTargets) else {
            return "SwiftPM's link holds an object outside a <module>.build folder, or \(target) has none"
        }
        let carried = Set(ownObjects.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent })
        if let missing = requiredModules.sorted().first(where: { !carried.contains($0 + ".build") }) {
            return "SwiftPM's link holds no object of \(missing), which every test binary must carry"
        }
        guard let link = Self.ownLink(of: target, link: linkArguments, output: output, objectList: objectList)
                  .map({ Self.preferringLLD($0, exists: FileManager.default.fileExists(atPath:)) }),
              (try? ownObjects.map(Self.responseFileLine).joined(separator: "\n")
                  .write(to: objectList, atomically: true, encoding: .utf8)) != nil else {
            return "SwiftPM's link command does not name its output, module and object list once each"
        }
        let linkJobs = DriverJobs.of(link, key: link + ownObjects, cache: work.appendingPathComponent("\(name).link-jobs"),
                                     runner: runner, environment: environment, log: log) ?? [link]
        guard linkJobs.allSatisfy({ succeeds($0, log: log, sharingSwiftPMTemporary: true) }) else {
            try? FileManager.default.removeItem(at: output)
            return "the link of \(target)'s binary failed (lld, or the autolink file, where the replay expects them?)"
        }
        return nil
    }

    /// The replay's recipe (its entry point and link) checked against SwiftPM's own binary, once per
    /// SwiftPM build: the objects SwiftPM built for the first of `targets`, linked by the recipe,
    /// must list exactly the tests SwiftPM's binary lists for that target, and at least one. The
    /// check passed is remembered beside the objects (under the plan's and the binary's stamps,
    /// so a new build checks again).
    enum RecipeCheck {
        /// Passed since SwiftPM's last build.
        case held
        /// To list once the grader's folder is sealed: the binary `probe`, linked by the recipe from
        /// SwiftPM's objects of `target`; `marker` is written when it holds.
        case pending(target: String, probe: URL, marker: URL)

        /// Removes the probe when the replay stops before it is listed.
        func discard() {
            if case .pending(_, let probe, _) = self { try? FileManager.default.removeItem(at: probe) }
        }
    }

    struct NotReplayed: Error { var why: String }

    /// The recipe check as it stands: held, or its probe linked (nothing is run here).
    func recipeCheck(targets: [String], linked: [String], link: [String], entryPoint: URL, product: String,
                     testBinary: URL, testTargets: Set<String>, requiredModules: Set<String>, package: URL,
                     work: URL) -> Result<RecipeCheck, NotReplayed> {
        guard let target = targets.first else { return .success(.held) }
        let binaryStamp = SwiftPMPlan.stamp(of: testBinary)
        let marker = work.appendingPathComponent("checked-" + Fingerprint.hex(Data(
            ([SwiftPMPlan.stamp(inPackage: package), binaryStamp, entryPoint.path] + link).joined(separator: "\n").utf8)))
        if FileManager.default.fileExists(atPath: marker.path) { return .success(.held) }
        let objects = linked.filter { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent == target + ".build" }
        let probe = work.appendingPathComponent("\(target).check")
        if let why = self.link(target, objects: objects, into: probe, linked: linked, link: link, entryPoint: entryPoint,
                               product: product, testTargets: testTargets, requiredModules: requiredModules, work: work,
                               name: "\(target).check") {
            try? FileManager.default.removeItem(at: probe)
            return .failure(NotReplayed(why: why))
        }
        return .success(.pending(target: target, probe: probe, marker: marker))
    }

    /// Where the listings of a build folder's binaries write what they print.
    static func listLog(in work: URL) -> URL { work.appendingPathComponent("list-tests.log") }

    /// The Swift Testing tests `binary` lists (`--list-tests`), one name a line; nil when it fails.
    func listedTests(of binary: URL, work: URL) -> [String]? {
        runner.output(of: [binary.path, "--list-tests", "--testing-library", "swift-testing"], environment: [:], timeout: 60,
                      log: Self.listLog(in: work), sharingSwiftPMTemporary: false)
            .map { $0.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// Runs `command`, its output going to `log`; true when it succeeds.
    func succeeds(_ command: [String], log: URL, sharingSwiftPMTemporary: Bool = false) -> Bool {
        runner.output(of: command, environment: environment, timeout: 600, log: log,
                      sharingSwiftPMTemporary: sharingSwiftPMTemporary) != nil
    }

    /// Runs `jobs` at once, each with a log (and a temporary folder) of its own in `logs`; true
    /// when every one succeeds.
    func allSucceed(_ jobs: [[String]], logs: URL) -> Bool {
        let succeeded = Locked(0)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            if succeeds(jobs[index], log: logs.appendingPathComponent("job-\(index).log")) { succeeded.withLock { $0 += 1 } }
        }
        return succeeded.value == jobs.count
    }

    /// The entry point's object, compiled once per build folder and compiler (its name holds a
    /// fingerprint of both, with the source and the link's target triple, so that it fits); nil
    /// when it cannot be compiled.
    func entryPointObject(link: [String], folder: URL) -> URL? {
        let triple = link.firstIndex(of: "-target").flatMap { $0 + 1 < link.count ? ["-target", link[$0 + 1]] : nil } ?? []
        let source = folder.appendingPathComponent("EntryPoint.swift")
        let arguments = ["-c", source.path, "-module-name", "KataTrackEntryPoint", "-Onone", "-g",
                         "-module-cache-path", folder.appendingPathComponent("ModuleCache").path] + triple
        let stamp = Fingerprint.hex(Data(([link[0]] + arguments + [Self.entryPointSource]).joined(separator: "\n").utf8))
        let object = folder.appendingPathComponent("EntryPoint-\(stamp).o")
        if FileManager.default.fileExists(atPath: object.path) { return object }
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
              (try? Self.entryPointSource.write(to: source, atomically: true, encoding: .utf8)) != nil else { return nil }
        // Written under another name and then renamed: an interrupted compile leaves no object to trust.
        let partial = folder.appendingPathComponent("EntryPoint.partial.o")
        try? FileManager.default.removeItem(at: partial)
        guard succeeds([link[0]] + arguments + ["-o", partial.path], log: log, sharingSwiftPMTemporary: true),
              (try? FileManager.default.moveItem(at: partial, to: object)) != nil else { return nil }
        return object
    }
}
