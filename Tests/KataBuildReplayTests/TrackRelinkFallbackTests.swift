import Foundation
import XCTest
@testable import KataBuildReplay

/// The build replay against a fake toolchain and a fake SwiftPM build, with each thing it relies
/// on that SwiftPM does not promise (issue 25 §2) broken in turn: every time, it falls back to
/// `swift build` and leaves no binary a run could take, rather than hand on a binary that would
/// give a wrong verdict.
final class TrackRelinkFallbackTests: XCTestCase {
    /// What the fake toolchain does differently in one case.
    struct Breakage {
        /// Lines added under the compile command in `.build/debug.yaml`.
        var planExtraKey: String?
        /// The plan's commands indented as SwiftPM does not.
        var planIndent = "  "
        /// Options the driver's frontend job gains.
        var frontendExtra: [String] = []
        /// The driver answers `-###` with this line for the compile instead of its jobs.
        var driverAnswer: String?
        /// The link's jobs read the autolink file from a temporary folder the driver removes.
        var autolinkElsewhere = false
        var lldBeside = true
        var lldFails = false
        var entryPointFails = false
        /// What a binary of the replay lists (nil: the track's tests, as SwiftPM's does).
        var replayLists: [String]?
        /// Objects in SwiftPM's link, by module folder.
        var linkedModules = ["Mocking", "KataShadowHook", "Grade_a", "XPackageTests", "XPackageDiscoveredTests"]
    }

    /// A toolchain that does nothing but write the files a command names as its output, and
    /// lists tests as told. `@unchecked Sendable`: `calls` is only touched under `lock`.
    final class FakeToolchain: CommandRunner, @unchecked Sendable {
        let root: URL
        let breakage: Breakage
        let swiftPMListing = ["Grade_a.ASuite/t()", "Grade_a.ASuite/u()", "Grade_b.BSuite/v()"]
        private let lock = NSLock()
        private(set) var calls: [[String]] = []

        init(root: URL, breakage: Breakage) {
            self.root = root
            self.breakage = breakage
        }

        var tool: URL { root.appendingPathComponent("t") }

        func output(of command: [String], environment: [String: String], timeout: Double, log: URL,
                    sharingSwiftPMTemporary: Bool) -> String? {
            lock.withLock { calls.append(command) }
            let program = URL(fileURLWithPath: command[0]).lastPathComponent
            let output = command.firstIndex(of: "-o").map { command[$0 + 1] }
            if command.last == "-###" { return jobs(for: Array(command.dropLast())) }
            if command.contains("--list-tests") {
                if command[0].hasSuffix(".xctest") { return swiftPMListing.joined(separator: "\n") + "\n" }
                return (breakage.replayLists ?? ["Grade_a.ASuite/t()", "Grade_a.ASuite/u()"]).joined(separator: "\n") + "\n"
            }
            if command.contains("KataTrackEntryPoint") && breakage.entryPointFails { return nil }
            if program == "clang", breakage.lldFails, command.contains("-fuse-ld=lld") { return nil }
            if let output {
                _ = FileManager.default.createFile(atPath: output, contents: Data("built".utf8), attributes: [.posixPermissions: 0o755])
            }
            return ""
        }

        /// The driver's jobs for a compile or a link, as `-###` prints them.
        func jobs(for command: [String]) -> String {
            if command.contains("-emit-executable") {
                let output = command[command.firstIndex(of: "-o")! + 1]
                let autolink = breakage.autolinkElsewhere ? "/tmp/TemporaryDirectory.gone/X.autolink" : output + ".autolink"
                let extract = breakage.autolinkElsewhere ? "" : "\(tool.path)/swift-autolink-extract /b/a.o -o \(autolink)\n"
                let lld = command.contains("-use-ld=lld") ? " -fuse-ld=lld" : ""
                return extract + "\(tool.path)/clang @\(autolink)\(lld) -o \(output)\n"
            }
            if let answer = breakage.driverAnswer { return answer + "\n" }
            let source = command.last!
            let object = root.appendingPathComponent("p/.build/debug/Grade_a.build/ASuite.swift.o").path
            return ([tool.path + "/swift-frontend", "-frontend", "-emit-module", source, "-o", "/b/Modules/Grade_a.swiftmodule"].joined(separator: " ")
                + "\n" + ([tool.path + "/swift-frontend", "-frontend", "-c", "-primary-file", source,
                           "-emit-dependencies-path", "/b/ASuite.d", "-module-cache-path", "/b/ModuleCache"]
                          + breakage.frontendExtra + ["-o", object]).joined(separator: " ") + "\n")
        }
    }

    var root: URL!

    override func setUpWithError() throws {
        root = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
            .appendingPathComponent("TrackRelinkFallback-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    /// A package whose SwiftPM build holds the Swift Testing track `Grade_a`, and the replay.
    func fixture(_ breakage: Breakage) throws -> (relink: TrackRelink, toolchain: FakeToolchain, testBinary: URL, sources: [String: [URL]]) {
        let fm = FileManager.default
        let tool = root.appendingPathComponent("t")
        try fm.createDirectory(at: tool, withIntermediateDirectories: true)
        var tools = ["swiftc", "swift-frontend", "clang", "swift-autolink-extract"]
        if breakage.lldBeside { tools.append("ld.lld") }
        for name in tools {
            _ = fm.createFile(atPath: tool.appendingPathComponent(name).path, contents: Data("#!/bin/sh\n".utf8),
                          attributes: [.posixPermissions: 0o755])
        }
        let package = root.appendingPathComponent("p")
        let build = package.appendingPathComponent(".build/debug")
        let source = package.appendingPathComponent("Grade/Grade_a/ASuite.swift")
        try fm.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "import Testing\n@Suite struct ASuite { @Test func t() {}; @Test func u() {} }\n".write(to: source, atomically: true, encoding: .utf8)
        try fm.createDirectory(at: build.appendingPathComponent("XPackageDiscoveredTests.derived"), withIntermediateDirectories: true)
        _ = fm.createFile(atPath: build.appendingPathComponent("XPackageDiscoveredTests.derived/Grade_a.swift").path, contents: Data())
        let testBinary = build.appendingPathComponent("XPackageTests.xctest")
        _ = fm.createFile(atPath: testBinary.path, contents: Data("swiftpm".utf8), attributes: [.posixPermissions: 0o755])
        let linked = breakage.linkedModules.map { "\"\(build.path)/\($0).build/\($0 == "KataShadowHook" ? "hook.c" : "A.swift").o\"" }
        let i = breakage.planIndent
        let extra = breakage.planExtraKey.map { "\(i)\(i)\($0)\n" } ?? ""
        let plan = """
            client:
            \(i)name: basic
            commands:
            \(i)"C.Grade_a-debug.module":
            \(i)\(i)tool: shell
            \(extra)\(i)\(i)inputs: ["\(source.path)"]
            \(i)\(i)outputs: ["\(build.path)/Grade_a.build/ASuite.swift.o","\(build.path)/Modules/Grade_a.swiftmodule"]
            \(i)\(i)description: "Compiling Swift Module 'Grade_a' (1 sources)"
            \(i)\(i)args: ["\(tool.path)/swiftc","-module-name","Grade_a","-c","\(source.path)"]

            \(i)"C.XPackageTests-debug.test":
            \(i)\(i)tool: shell
            \(i)\(i)inputs: [\(linked.joined(separator: ","))]
            \(i)\(i)outputs: ["\(testBinary.path)"]
            \(i)\(i)description: "Linking XPackageTests.xctest"
            \(i)\(i)args: ["\(tool.path)/swiftc","-o","\(testBinary.path)","-module-name","XPackageTests","-emit-executable","@\(build.path)/XPackageTests.product/Objects.LinkFileList"]

            """
        try plan.write(to: package.appendingPathComponent(".build/debug.yaml"), atomically: true, encoding: .utf8)
        let toolchain = FakeToolchain(root: root, breakage: breakage)
        let relink = TrackRelink(runner: toolchain, environment: [:], log: root.appendingPathComponent("relink.log"))
        return (relink, toolchain, testBinary, ["Grade_a": [source]])
    }

    func replay(_ breakage: Breakage) throws -> (outcome: TrackRelink.Outcome, toolchain: FakeToolchain, binary: URL) {
        let (relink, toolchain, testBinary, sources) = try fixture(breakage)
        let outcome = relink.run(["Grade_a"], sources: sources, package: root.appendingPathComponent("p"), testBinary: testBinary,
                                 testTargets: ["Grade_a", "Grade_b"], requiredModules: ["KataShadowHook"])
        return (outcome, toolchain, TrackRelink.ownBinary(of: "Grade_a", testBinary: testBinary))
    }

    func test_asExpected_theTrackIsRebuiltAlone_andItsRecipeCheckedAgainstSwiftPMOncePerBuild() throws {
        #if os(Linux)
        let (outcome, toolchain, binary) = try replay(Breakage())
        XCTAssertEqual(outcome, .rebuilt(["Grade_a"]))
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path))
        let links = toolchain.calls.filter { $0.first?.hasSuffix("/clang") == true }
        XCTAssertEqual(links.count, 2, "the check's binary, then the track's")
        XCTAssertTrue(links.allSatisfy { $0.contains("-fuse-ld=lld") }, "lld beside the driver")
        let objectList = try String(contentsOf: TrackRelink.workFolder(testBinary: binary).appendingPathComponent("Grade_a.objects"), encoding: .utf8)
        XCTAssertTrue(objectList.contains("KataShadowHook.build/hook.c.o"), "the run hook goes into every binary")
        XCTAssertFalse(objectList.contains("Grade_b") || objectList.contains("XPackageTests.build"), objectList)

        // Again, after another edit: the recipe was checked for this SwiftPM build already.
        let again = TrackRelink(runner: toolchain, environment: [:], log: root.appendingPathComponent("relink.log"))
        let before = toolchain.calls.count
        XCTAssertEqual(again.run(["Grade_a"], sources: ["Grade_a": [root.appendingPathComponent("p/Grade/Grade_a/ASuite.swift")]],
                                 package: root.appendingPathComponent("p"), testBinary: binary.deletingLastPathComponent().appendingPathComponent("XPackageTests.xctest"),
                                 testTargets: ["Grade_a", "Grade_b"], requiredModules: ["KataShadowHook"]), .rebuilt(["Grade_a"]))
        let later = toolchain.calls[before...]
        XCTAssertEqual(later.filter { $0.first?.hasSuffix("/clang") == true }.count, 1, "no check's binary the second time")
        XCTAssertFalse(later.contains { $0.contains("--list-tests") }, "nothing listed: its runs say which tests it holds")
        #else
        throw XCTSkip("the build replay is Linux only")
        #endif
    }

    /// The grade's seal, as the replay sees it: when it was taken (in calls to the toolchain), and
    /// what the replay said it wrote after.
    final class RecordingWatch: BuiltCodeWatch {
        let toolchain: FakeToolchain
        var sealedAt: Int?
        var wrote: [URL] = []
        init(_ toolchain: FakeToolchain) { self.toolchain = toolchain }
        func willRunBuiltCode() { sealedAt = sealedAt ?? toolchain.calls.count }
        func graderWrote(_ files: [URL]) { wrote += files }
    }

    /// Listing a binary runs the attendee's code (a Swift Testing trait is made as its test is
    /// listed): every binary is built before the recipe check lists SwiftPM's binary and its probe
    /// under the seal, nothing is built after it, and each file the replay writes after it is named,
    /// so that the seal can tell them from a test's. With the recipe checked already, nothing is
    /// listed and nothing is sealed here.
    func test_everyBinaryIsMadeBeforeTheSeal_andListedAfter_andWhatItWritesThenIsNamed() throws {
        #if os(Linux)
        for breakage in [Breakage(), { var b = Breakage(); b.replayLists = []; return b }()] {
            try? FileManager.default.removeItem(at: root)
            let (relink, toolchain, testBinary, sources) = try fixture(breakage)
            let watch = RecordingWatch(toolchain)
            let outcome = relink.run(["Grade_a"], sources: sources, package: root.appendingPathComponent("p"), testBinary: testBinary,
                                     testTargets: ["Grade_a", "Grade_b"], requiredModules: ["KataShadowHook"], watch: watch)
            let sealedAt = try XCTUnwrap(watch.sealedAt, "\(outcome)")
            XCTAssertFalse(toolchain.calls[..<sealedAt].contains { $0.contains("--list-tests") }, "nothing listed before the seal")
            XCTAssertTrue(toolchain.calls[sealedAt...].allSatisfy { $0.contains("--list-tests") }, "nothing built after it")
            let named = watch.wrote.map(\.lastPathComponent)
            XCTAssertTrue(named.contains("list-tests.log") && named.contains("Grade_a.check"), "\(named)")
            let binary = TrackRelink.ownBinary(of: "Grade_a", testBinary: testBinary)
            if breakage.replayLists == nil {
                XCTAssertEqual(outcome, .rebuilt(["Grade_a"]))
                XCTAssertTrue(named.contains { $0.hasPrefix("checked-") }, "the recipe's mark: \(named)")
            } else {
                guard case .fellBack = outcome else { XCTFail("\(outcome)"); continue }
                XCTAssertTrue(watch.wrote.contains(binary), "the binary it removed: \(watch.wrote)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: binary.path))
            }
        }
        try? FileManager.default.removeItem(at: root)
        let (relink, toolchain, testBinary, sources) = try fixture(Breakage())
        XCTAssertEqual(relink.run(["Grade_a"], sources: sources, package: root.appendingPathComponent("p"), testBinary: testBinary,
                                  testTargets: ["Grade_a", "Grade_b"], requiredModules: ["KataShadowHook"]), .rebuilt(["Grade_a"]))
        let watch = RecordingWatch(toolchain)
        XCTAssertEqual(relink.run(["Grade_a"], sources: sources, package: root.appendingPathComponent("p"), testBinary: testBinary,
                                  testTargets: ["Grade_a", "Grade_b"], requiredModules: ["KataShadowHook"], watch: watch), .rebuilt(["Grade_a"]))
        XCTAssertNil(watch.sealedAt, "the recipe held: nothing listed, so nothing to seal before")
        #else
        throw XCTSkip("the build replay is Linux only")
        #endif
    }

    func test_eachAssumptionBroken_fallsBack_andLeavesNoBinaryToRun() throws {
        #if os(Linux)
        var cases: [(String, Breakage)] = []
        var b = Breakage(); b.planExtraKey = "env: {}"; cases.append(("a key of .build/debug.yaml the replay does not reproduce", b))
        b = Breakage(); b.planIndent = "   "; cases.append(("another layout of .build/debug.yaml", b))
        b = Breakage(); b.driverAnswer = "swift-frontend -frontend -c $(echo x)"; cases.append(("the driver's -### output", b))
        b = Breakage(); b.frontendExtra = ["-emit-const-values-path", "/b/ASuite.swiftconstvalues"]
        cases.append(("an output the replay does not know how to drop", b))
        b = Breakage(); b.lldFails = true; cases.append(("lld beside the driver, but failing", b))
        b = Breakage(); b.entryPointFails = true; cases.append(("Testing.__swiftPMEntryPoint or _runAsyncMain gone", b))
        b = Breakage(); b.replayLists = []; cases.append(("an entry point that keeps its name but runs no test", b))
        b = Breakage(); b.replayLists = ["Grade_a.ASuite/t()"]; cases.append(("an entry point that finds other tests than SwiftPM's", b))
        b = Breakage(); b.replayLists = ["Grade_a.ASuite/t()", "Grade_a.ASuite/u()", "Grade_b.BSuite/v()"]
        cases.append(("a binary that holds another track's tests", b))
        b = Breakage(); b.linkedModules.removeAll { $0 == "KataShadowHook" }; cases.append(("a link without the grader's run hook", b))
        b = Breakage(); b.linkedModules = ["Grade_b"]; cases.append(("a link without the track's own objects", b))
        for (name, breakage) in cases {
            try? FileManager.default.removeItem(at: root)
            let (outcome, _, binary) = try replay(breakage)
            guard case .fellBack(let why) = outcome else { XCTFail("\(name): \(outcome)"); continue }
            XCTAssertFalse(why.isEmpty, name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: binary.path), "\(name): no binary of the replay is left to run")
        }
        #else
        throw XCTSkip("the build replay is Linux only")
        #endif
    }

    func test_whatItCanDoWithoutStillWorks_theDriverLinksWhenItsJobsReadAVanishedFile_andNoLLDMeansTheDefaultLinker() throws {
        #if os(Linux)
        var breakage = Breakage()
        breakage.autolinkElsewhere = true
        let (outcome, toolchain, binary) = try replay(breakage)
        XCTAssertEqual(outcome, .rebuilt(["Grade_a"]))
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path))
        XCTAssertTrue(toolchain.calls.contains { $0.first?.hasSuffix("/swiftc") == true && $0.contains("-emit-executable") && $0.last != "-###" },
                      "the link made by the driver itself, as SwiftPM's is")

        try? FileManager.default.removeItem(at: root)
        breakage = Breakage()
        breakage.lldBeside = false
        let (plain, plainToolchain, _) = try replay(breakage)
        XCTAssertEqual(plain, .rebuilt(["Grade_a"]))
        XCTAssertFalse(plainToolchain.calls.contains { $0.contains("-use-ld=lld") || $0.contains("-fuse-ld=lld") })
        #else
        throw XCTSkip("the build replay is Linux only")
        #endif
    }
}
