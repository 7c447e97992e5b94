import Foundation
import KataGradingCore

/// The grader's private copy of the kata, where it builds and runs the tests.
///
/// It differs from the checkout in four ways, none of which touches an attendee's files:
/// - every exercise is a test target of its own (`Grade/<target>/`), so one that does not compile
///   is left out of the build instead of breaking every other exercise;
/// - every legacy module with variants carries them as a runtime switch (`Schemata`);
/// - two targets of the grader's own (`Hook/`): the run hook, linked into every test binary, and
///   the XCTest observer, through which results reach the supervisor (`RunHookSource`,
///   `XCTestObserverSource`);
/// - the manifest is the checkout's own, plus an appendix that swaps its test targets for those.
///
/// Nothing under it is written through a link: a link found where the grader writes is removed
/// first (a test could have put one there to send the grader's writes into the checkout).
///
/// Files are written only when their content changed, so the incremental build recompiles just
/// what the attendee edited. The copy stays at one fixed path, because SwiftPM's build folder cannot
/// be moved.
public struct ShadowPackage: Sendable {
    public var directory: URL
    /// Where the test files come from: `Exercises/` or `Solutions/` (or a planted copy of either).
    public var testsRoot: URL

    public init(directory: URL, testsRoot: URL) {
        self.directory = directory
        self.testsRoot = testsRoot
    }

    public func targetDirectory(of exercise: Catalog.Exercise) -> URL {
        targetDirectory(named: exercise.targetName)
    }

    func targetDirectory(named target: String) -> URL {
        directory.appendingPathComponent("Grade/\(target)")
    }

    /// The checkout-side file that an exercise's shadow file was copied from.
    public func testFile(_ name: String, of exercise: Catalog.Exercise) -> URL {
        testsRoot.appendingPathComponent(exercise.module).appendingPathComponent(name)
    }

    /// Those of `tracks` whose files name something of the grader's copy only (`GraderOnlyNames`).
    func namingGraderOnlyCode(_ tracks: [Catalog.Exercise], paths: KataPaths) -> [String: CompileError] {
        var broken: [String: CompileError] = [:]
        for track in tracks {
            for name in track.uses + track.files {
                let file = testFile(name, of: track)
                guard let text = FileContents.text(at: file),
                      let reference = GraderOnlyNames.firstReference(in: text) else { continue }
                broken[track.key] = CompileError(
                    file: paths.relative(file), line: reference.line,
                    message: "cannot find '\(reference.name)' in scope: it exists only in the grader's copy of the kata, not in the modules as shipped, so your own build (swift build, Xcode) fails here too")
                break
            }
        }
        return broken
    }

    /// Mirrors the checkout into the shadow copy. Exercise tracks in `excluded`, or not in `only`
    /// when it is given, are left out of the manifest. Without XCTest (a Mac with only the Command
    /// Line Tools, where `import XCTest` does not compile), so are every XCTest track and the
    /// grader's XCTest observer, so that the Swift Testing tracks still build.
    /// Returns the exercises whose files are missing, with the missing path.
    @discardableResult
    public func sync(paths: KataPaths, catalog: Catalog, variants: [Variant],
                     excluded: Set<String>, only: Set<String>? = nil, extraFiles: [String: [String]] = [:],
                     withXCTest: Bool = true, ignoringCase: Bool = false) throws -> [String: String] {
        let fm = FileManager.default
        try GraderFolder.makeReal(directory, within: paths.state)
        // Only what the grader writes may be here: a file a test dropped in (a stray C file, a
        // Package@swift-6.0.swift) would change every later build; and a link, wherever it is.
        try Self.prune(directory, keeping: Self.ownEntries)
        for folder in ["Sources", "Grade", "Hook"] {
            GraderFolder.removeLinks(under: directory.appendingPathComponent(folder))
        }

        // Legacy modules (and any support modules), with their variants compiled in.
        let moduleNames = try fm.contentsOfDirectory(atPath: paths.sources.path)
            .filter { !$0.hasPrefix("Kata") && !$0.hasPrefix(".") }
        for module in moduleNames {
            let from = paths.sources.appendingPathComponent(module)
            let to = directory.appendingPathComponent("Sources/\(module)")
            let moduleVariants = variants.filter { $0.module == module }
            try GraderFolder.makeReal(to, within: directory)
            var written = Set<String>()
            for file in try FileTree.swiftFiles(under: from) {
                var text = try String(contentsOf: from.appendingPathComponent(file), encoding: .utf8)
                if !moduleVariants.isEmpty {
                    text = try Schemata.apply(moduleVariants, toFile: file, source: text)
                }
                try FileTree.write(text, to: to.appendingPathComponent(file))
                written.insert(file)
            }
            try FileTree.removeFiles(under: to, except: written)
        }
        // A module that no longer exists must not linger in the shadow copy.
        let shadowSources = directory.appendingPathComponent("Sources")
        for stale in (try? fm.contentsOfDirectory(atPath: shadowSources.path)) ?? [] where !moduleNames.contains(stale) {
            try? fm.removeItem(at: shadowSources.appendingPathComponent(stale))
        }

        try writeHook(withXCTest: withXCTest)

        let gradeDirectory = directory.appendingPathComponent("Grade")
        try fm.createDirectory(at: gradeDirectory, withIntermediateDirectories: true)
        try Self.prune(gradeDirectory, keeping: Set(catalog.allTracks.map(\.targetName)))

        // One test target per exercise: the files of earlier exercises it uses, then its own.
        var missing: [String: String] = [:]
        var included: [Catalog.Exercise] = []
        for exercise in catalog.allTracks where !excluded.contains(exercise.key) && only.map({ $0.contains(exercise.key) }) != false
            && (withXCTest || exercise.framework != .xctest) {
            let target = targetDirectory(of: exercise)
            // Real folders up to the target, made so again right before its files are written: a
            // test still running from an earlier grade could have put a link there since the links
            // were removed above, and a write must never follow one out of the copy.
            try GraderFolder.makeReal(target, within: directory)
            var written = Set<String>()
            for name in Self.targetFiles(of: exercise, extraFiles: extraFiles) {
                let source = testFile(name, of: exercise)
                guard let data = FileContents.data(at: source) ?? Self.contents(ofCaseVariantOf: source, ignoringCase: ignoringCase) else {
                    missing[exercise.key] = paths.relative(source)
                    break
                }
                try FileTree.write(data, to: target.appendingPathComponent(name))
                written.insert(name)
            }
            if missing[exercise.key] == nil {
                try FileTree.removeFiles(under: target, except: written)
                included.append(exercise)
            }
        }

        let manifest = try String(contentsOf: paths.manifest, encoding: .utf8)
        try FileTree.write(manifest + Self.appendix(for: included, in: catalog), to: directory.appendingPathComponent("Package.swift"))
        return missing
    }

    /// Linux taking macOS's decisions: a file found under its name in another case, as a Mac's
    /// disk finds it (`TestPlatform.lookUp`); a real Mac's disk does this itself.
    static func contents(ofCaseVariantOf file: URL, ignoringCase: Bool) -> Data? {
        guard ignoringCase else { return nil }
        let folder = file.deletingLastPathComponent()
        let present = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard let found = TestPlatform.lookUp(file.lastPathComponent, among: present, ignoringCase: true),
              found != file.lastPathComponent else { return nil }
        return FileContents.data(at: folder.appendingPathComponent(found))
    }

    /// The files of an exercise's target, relative to its module's folder: the files of earlier
    /// exercises it uses, its own, then the files the attendee added that belong to it
    /// (`ExtraFiles`, by track key), as plain `swift build` would compile them together.
    static func targetFiles(of exercise: Catalog.Exercise, extraFiles: [String: [String]]) -> [String] {
        exercise.uses + exercise.files + (extraFiles[exercise.key] ?? []).filter { !(exercise.uses + exercise.files).contains($0) }
    }

    /// The grader's own targets: the run hook (C), and the XCTest observer with the canary's tests
    /// (`CanarySource`). Without XCTest, the observer's file imports nothing and the canary is
    /// Swift Testing's only.
    func writeHook(withXCTest: Bool = true) throws {
        let hook = directory.appendingPathComponent("Hook/\(GraderOnlyNames.hookModule)")
        try FileTree.write(RunHookSource.source, to: hook.appendingPathComponent("hook.c"))
        try FileTree.write(RunHookSource.header, to: hook.appendingPathComponent("include/\(RunHookSource.headerName)"))
        try FileTree.removeFiles(under: hook, except: ["hook.c", "include/\(RunHookSource.headerName)"])
        let observer = directory.appendingPathComponent("Hook/\(GraderOnlyNames.observerModule)")
        try FileTree.write(withXCTest ? XCTestObserverSource.source : XCTestObserverSource.withoutXCTest,
                           to: observer.appendingPathComponent(XCTestObserverSource.fileName))
        try FileTree.write(CanarySource.source(withXCTest: withXCTest), to: observer.appendingPathComponent(CanarySource.fileName))
        try FileTree.removeFiles(under: observer, except: [XCTestObserverSource.fileName, CanarySource.fileName])
        try Self.prune(directory.appendingPathComponent("Hook"), keeping: [GraderOnlyNames.hookModule, GraderOnlyNames.observerModule])
    }

    /// The Swift code appended to the checkout's manifest in the shadow copy.
    static func appendix(for exercises: [Catalog.Exercise], in catalog: Catalog) -> String {
        let rows = exercises.map { exercise in
            let name = exercise.targetName
            return "    (\"\(name)\", \"\(exercise.module)Exercises\", \"Grade/\(name)\"),"
        }
        return """


            // ---- Appended by the kata grader, in its shadow copy only. ----
            // Each exercise becomes a test target of its own, built like its pattern's Exercises target.
            let kataGradeTargets: [(name: String, template: String, path: String)] = [
            \(rows.joined(separator: "\n"))
            ]
            package.products = []
            package.targets = package.targets.filter { $0.type == .regular && !$0.name.hasPrefix("Kata") }
                + kataGradeTargets.map { target in
                    let template = package.targets.first { $0.name == target.template }!
                    return .testTarget(name: target.name, dependencies: template.dependencies,
                                       path: target.path, swiftSettings: template.swiftSettings)
                }
            // The grader's run hook and XCTest observer: a test target, so linked into the test
            // product, and imported by nothing (the legacy code calls the hook by its C symbol), so
            // that no module's compilation reads the hook's module map. Every test binary is linked
            // without a symbol table (on macOS, without its local symbols), so that no name, local
            // or global, leads a test to the hook's state or to the function that answers the variant.
            package.targets += [
                .target(name: "\(GraderOnlyNames.hookModule)", path: "Hook/\(GraderOnlyNames.hookModule)",
                        linkerSettings: [.unsafeFlags(["-Xlinker", "--strip-all"], .when(platforms: [.linux])),
                                         .unsafeFlags(["-Xlinker", "-x", "-Xlinker", "-S"], .when(platforms: [.macOS]))]),
                .testTarget(name: "\(GraderOnlyNames.observerModule)", dependencies: [.target(name: "\(GraderOnlyNames.hookModule)")],
                            path: "Hook/\(GraderOnlyNames.observerModule)"),
            ]

            """
    }

    /// Everything the build reads, by path in the copy: the manifest, the modules and the exercises.
    public func fileFingerprints() -> [String: String] {
        var fingerprints: [String: String] = [:]
        for folder in ["Sources", "Grade", "Hook"] {
            let root = directory.appendingPathComponent(folder)
            for file in (try? FileTree.files(under: root)) ?? [] {
                fingerprints["\(folder)/\(file)"] = Fingerprint.ofFile(at: root.appendingPathComponent(file)) ?? "missing"
            }
        }
        fingerprints["Package.swift"] = Fingerprint.ofFile(at: directory.appendingPathComponent("Package.swift")) ?? "missing"
        return fingerprints
    }

    /// The entries of the shadow copy's top folder that the grader itself makes.
    static let ownEntries: Set<String> = ["Package.swift", "Sources", "Grade", "Hook", ".build", "logs", "build.log", "relink.log",
                                          "build-replay.log", ".swiftpm"]

    /// Removes the entries of `directory` (not recursively) whose names are not in `keep`.
    private static func prune(_ directory: URL, keeping keep: Set<String>) throws {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where !keep.contains(entry) {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(entry))
        }
    }
}
