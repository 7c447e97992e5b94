import Foundation
import XCTest
@testable import KataBuildReplay

/// When the grader may rebuild a Swift Testing track without SwiftPM, and which commands of
/// SwiftPM's own plan it then runs.
final class TrackRelinkTests: XCTestCase {
    private let built = ["Package.swift": "p", "Sources/Mocking/MusicService.swift": "m",
                         "Grade/Grade_a__swift_testing/ASuite.swift": "a", "Grade/Grade_b/BTests.swift": "b"]
    private let swiftTesting: Set<String> = ["Grade_a__swift_testing"]

    /// The tracks to rebuild, or nil when SwiftPM builds (with a reason, always).
    private func rebuilt(since built: [String: String], now files: [String: String], swiftTestingTargets: Set<String>) -> [String]? {
        switch TrackRelink.targetsToRebuild(since: built, now: files, swiftTestingTargets: swiftTestingTargets) {
        case .rebuild(let targets): return targets
        case .leaveToSwiftPM(let why):
            XCTAssertFalse(why.isEmpty)
            return nil
        }
    }

    func test_onlyAnEditOfASwiftTestingTrack_isRebuiltAlone() {
        var files = built
        XCTAssertNil(rebuilt(since: built, now: files, swiftTestingTargets: swiftTesting), "nothing changed")
        files["Grade/Grade_a__swift_testing/ASuite.swift"] = "a2"
        XCTAssertEqual(rebuilt(since: built, now: files, swiftTestingTargets: swiftTesting), ["Grade_a__swift_testing"])

        var xctest = built
        xctest["Grade/Grade_b/BTests.swift"] = "b2"
        XCTAssertNil(rebuilt(since: built, now: xctest, swiftTestingTargets: swiftTesting),
                     "an XCTest track needs SwiftPM's test discovery")
        var legacy = files
        legacy["Sources/Mocking/MusicService.swift"] = "m2"
        XCTAssertNil(rebuilt(since: built, now: legacy, swiftTestingTargets: swiftTesting))
        var manifest = files
        manifest["Package.swift"] = "p2"
        XCTAssertNil(rebuilt(since: built, now: manifest, swiftTestingTargets: swiftTesting),
                     "a new manifest (an exercise left out or back in) is SwiftPM's to plan")
        var added = files
        added["Grade/Grade_a__swift_testing/Helper.swift"] = "h"
        XCTAssertNil(rebuilt(since: built, now: added, swiftTestingTargets: swiftTesting),
                     "a new file changes the plan")
        var many = built
        for index in 0...TrackRelink.mostTargets { many["Grade/Grade_t\(index)/Suite.swift"] = "s" }
        var manyEdited = many
        for index in 0...TrackRelink.mostTargets { manyEdited["Grade/Grade_t\(index)/Suite.swift"] = "s2" }
        let manyTracks = Set((0...TrackRelink.mostTargets).map { "Grade_t\($0)" })
        XCTAssertNil(rebuilt(since: many, now: manyEdited,
                                                  swiftTestingTargets: manyTracks),
                     "more tracks than this way rebuilds faster than SwiftPM")
        manyEdited["Grade/Grade_t0/Suite.swift"] = "s"
        XCTAssertEqual(rebuilt(since: many, now: manyEdited,
                                                    swiftTestingTargets: manyTracks)?.count, TrackRelink.mostTargets)
        var removed = files
        removed["Grade/Grade_a__swift_testing/ASuite.swift"] = nil
        XCTAssertNil(rebuilt(since: built, now: removed, swiftTestingTargets: swiftTesting))
    }

    func test_aTrackThatImportsXCTest_isLeftToSwiftPM() {
        XCTAssertFalse(TrackRelink.importsXCTest("import Testing\n// Unlike XCTest's wait(for:), a confirmation…\nstruct S {}\n"))
        XCTAssertTrue(TrackRelink.importsXCTest("import Testing\nimport XCTest\n"))
        XCTAssertTrue(TrackRelink.importsXCTest("@testable import Mocking\n  import class XCTest.XCTestCase\n"))
        XCTAssertFalse(TrackRelink.importsXCTest("/* import XCTest */\nimport Testing\n"), "a block comment imports nothing")
        XCTAssertFalse(TrackRelink.importsXCTest("import Testing\nlet note = \"import XCTest\"\n"), "nor does a string")
        XCTAssertTrue(TrackRelink.importsXCTest("/* helpers */ import XCTest\n"))
    }

    private let plan = """
        client:
          name: basic
        tools: {}
        targets:
          "main": ["<X.module>"]
        commands:
          "/b/debug/Grade_a__swift_testing.build/Grade_a__swift_testing.swiftmodule.o":
            tool: shell
            inputs: ["/b/debug/Modules/Grade_a__swift_testing.swiftmodule"]
            outputs: ["/b/debug/Grade_a__swift_testing.build/Grade_a__swift_testing.swiftmodule.o"]
            description: "Wrapping AST for Grade_a__swift_testing for debugging"
            args: ["/t/swiftc","-modulewrap","/b/debug/Modules/Grade_a__swift_testing.swiftmodule","-o","/b/debug/Grade_a__swift_testing.build/Grade_a__swift_testing.swiftmodule.o"]

          "C.Grade_a__swift_testing-x86_64-unknown-linux-gnu-debug.module":
            tool: shell
            inputs: ["/g/Grade_a__swift_testing/ASuite.swift"]
            outputs: ["/b/debug/Grade_a__swift_testing.build/ASuite.swift.o","/b/debug/Modules/Grade_a__swift_testing.swiftmodule"]
            description: "Compiling Swift Module 'Grade_a__swift_testing' (1 sources)"
            args: ["/t/swiftc","-module-name","Grade_a__swift_testing","-c","@/b/debug/Grade_a__swift_testing.build/sources"]

          "C.XPackageTests-x86_64-unknown-linux-gnu-debug.test":
            tool: shell
            inputs: ["/b/debug/Grade_a__swift_testing.build/ASuite.swift.o"]
            outputs: ["/b/debug/XPackageTests.xctest"]
            description: "Linking ./.build/x86_64-unknown-linux-gnu/debug/XPackageTests.xctest"
            args: ["/t/swiftc","-o","/b/debug/XPackageTests.xctest","-emit-executable","@/b/debug/XPackageTests.product/Objects.LinkFileList"]

          "C.Other":
            tool: test-discovery-tool
            inputs: []
            outputs: ["/b/debug/XPackageDiscoveredTests.derived/all-discovered-tests.swift"]

        """

    func test_theStepsAreSwiftPMsOwnCommands_compileAndTheLinkToReuse() throws {
        let plan = SwiftPMPlan(text: plan)
        XCTAssertEqual(plan.commands.count, 4)
        let steps = try XCTUnwrap(TrackRelink.steps(for: ["Grade_a__swift_testing"], build: URL(fileURLWithPath: "/b/debug"),
                                                    testBinary: "XPackageTests.xctest", in: plan))
        let compile = try XCTUnwrap(steps.compiles["Grade_a__swift_testing"])
        XCTAssertEqual(compile.arguments.prefix(2), ["/t/swiftc", "-module-name"])
        XCTAssertEqual(compile.arguments.last, "@/b/debug/Grade_a__swift_testing.build/sources")
        XCTAssertEqual(compile.inputs, ["/g/Grade_a__swift_testing/ASuite.swift"])
        XCTAssertEqual(steps.link.arguments.prefix(2), ["/t/swiftc", "-o"])
        XCTAssertEqual(steps.link.inputs, ["/b/debug/Grade_a__swift_testing.build/ASuite.swift.o"])
    }

    func test_aPlanItCannotFollowExactly_isNotFollowed() {
        let build = URL(fileURLWithPath: "/b/debug")
        let parsed = SwiftPMPlan(text: plan)
        XCTAssertNil(TrackRelink.steps(for: ["Grade_c__swift_testing"], build: build, testBinary: "XPackageTests.xctest", in: parsed),
                     "a target the plan does not build")
        XCTAssertNil(TrackRelink.steps(for: ["Grade_a__swift_testing"], build: URL(fileURLWithPath: "/elsewhere/debug"),
                                       testBinary: "XPackageTests.xctest", in: parsed),
                     "a plan made for another place (a copied checkout)")
        let withEnvironment = plan.replacingOccurrences(of: "    tool: shell\n    inputs: [\"/g/", with: "    tool: shell\n    env: {}\n    inputs: [\"/g/")
        XCTAssertNil(TrackRelink.steps(for: ["Grade_a__swift_testing"], build: build, testBinary: "XPackageTests.xctest",
                                       in: SwiftPMPlan(text: withEnvironment)),
                     "a command with settings the grader does not reproduce")
        XCTAssertNil(TrackRelink.steps(for: ["Grade_a__swift_testing"], build: build, testBinary: "XPackageTests.xctest",
                                       in: SwiftPMPlan(text: "")))
    }

    func test_aTracksOwnBinary_linksTheLegacyModulesAndTheTrack_withoutOtherTestsOrSwiftPMsRunner() throws {
        let linked = ["/b/XPackageDiscoveredTests.build/Grade_a.swift.o", "/b/Mocking.build/Client.swift.o",
                      "/b/Grade_a__swift_testing.build/ASuite.swift.o", "/b/Grade_b.build/BTests.swift.o",
                      "/b/XPackageTests.build/runner.swift.o", "/b/Support.build/Support.swiftmodule.o"]
        let objects = TrackRelink.ownObjects(entryPoint: "/w/EntryPoint.o", linked: linked, own: ["/w/Grade_a__swift_testing/ASuite.swift.o"],
                                             product: "XPackageTests", testTargets: ["Grade_a__swift_testing", "Grade_b"])
        XCTAssertEqual(objects, ["/w/EntryPoint.o", "/b/Mocking.build/Client.swift.o", "/b/Support.build/Support.swiftmodule.o",
                                 "/w/Grade_a__swift_testing/ASuite.swift.o"])
        XCTAssertNil(TrackRelink.ownObjects(entryPoint: "/w/EntryPoint.o", linked: linked, own: [], product: "XPackageTests",
                                            testTargets: []), "no object of the track")
        XCTAssertNil(TrackRelink.ownObjects(entryPoint: "/w/EntryPoint.o", linked: ["/b/loose.o"], own: ["/w/a.o"],
                                            product: "XPackageTests", testTargets: []), "an object SwiftPM did not lay out")

        let link = ["/t/swiftc", "-L", "/b", "-o", "/b/XPackageTests.xctest", "-module-name", "XPackageTests", "-emit-executable",
                    "-Xlinker", "-rpath=$ORIGIN", "@/b/XPackageTests.product/Objects.LinkFileList", "-g"]
        let own = try XCTUnwrap(TrackRelink.ownLink(of: "Grade_a", link: link, output: URL(fileURLWithPath: "/b/Grade_a.kata-track"),
                                                    objectList: URL(fileURLWithPath: "/w/Grade_a.objects")))
        XCTAssertEqual(own, ["/t/swiftc", "-L", "/b", "-o", "/b/Grade_a.kata-track", "-module-name", "Grade_a_OwnBinary", "-emit-executable",
                             "-Xlinker", "-rpath=$ORIGIN", "@/w/Grade_a.objects", "-g"])
        XCTAssertNil(TrackRelink.ownLink(of: "Grade_a", link: link + ["-o", "/elsewhere"], output: URL(fileURLWithPath: "/b/x"),
                                         objectList: URL(fileURLWithPath: "/w/x")), "two outputs")
        XCTAssertEqual(TrackRelink.preferringLLD(["/t/swiftc", "-o", "x"], exists: { $0 == "/t/ld.lld" }), ["/t/swiftc", "-o", "x", "-use-ld=lld"])
        XCTAssertEqual(TrackRelink.preferringLLD(["/t/swiftc", "-o", "x"], exists: { _ in false }), ["/t/swiftc", "-o", "x"])
        XCTAssertEqual(TrackRelink.preferringLLD(["/t/swiftc", "-use-ld=gold"], exists: { _ in true }), ["/t/swiftc", "-use-ld=gold"])
        XCTAssertEqual(TrackRelink.responseFileLine("/a b/c\"d"), "\"/a b/c\\\"d\"")
    }

    func test_theDriversJobs_areReadAsItQuotesThem() {
        XCTAssertEqual(DriverJobs.shellWords("/t/clang -o 'x y' 'a'\\''b' -rpath='$ORIGIN' c\\ d"),
                       ["/t/clang", "-o", "x y", "a'b", "-rpath=$ORIGIN", "c d"])
        XCTAssertNil(DriverJobs.shellWords("/t/clang $(rm -rf x)"), "anything but words is not a job")
        XCTAssertNil(DriverJobs.shellWords("/t/clang 'unclosed"))
        XCTAssertNil(DriverJobs.shellWords("   "))
        let link = [["/t/swift-autolink-extract", "/b/a.o", "-o", "/w/X.autolink"], ["/t/clang", "@/w/X.autolink", "/b/a.o", "-o", "/b/x"]]
        XCTAssertTrue(DriverJobs.readsOnlyLastingFiles(link, exists: { _ in false }), "a list an earlier job writes")
        XCTAssertFalse(DriverJobs.readsOnlyLastingFiles([["/t/clang", "@/tmp/TemporaryDirectory.x/args.resp"]], exists: { _ in false }),
                       "a list the driver wrote in its temporary folder, gone once it ended")
        XCTAssertTrue(DriverJobs.readsOnlyLastingFiles([["/t/clang", "@/w/list"]], exists: { $0 == "/w/list" }))
    }

    func test_aCompilesObjectJobs_writeObjectsElsewhere_andNothingElse() throws {
        let jobs = [["/t/swift-frontend", "-frontend", "-emit-module", "/g/A.swift", "/g/B.swift", "-o", "/b/Modules/M.swiftmodule"],
                    ["/t/swift-frontend", "-frontend", "-c", "-primary-file", "/g/A.swift", "/g/B.swift",
                     "-emit-dependencies-path", "/b/A.d", "-serialize-diagnostics-path", "/b/A.dia", "-g",
                     "-o", "/b/M.build/A.swift.o", "-index-store-path", "/b/index", "-index-system-modules"],
                    ["/t/swift-frontend", "-frontend", "-c", "/g/A.swift", "-primary-file", "/g/B.swift", "-o", "/b/M.build/B.swift.o"],
                    ["/t/swift-frontend", "-modulewrap", "/b/Modules/M.swiftmodule", "-o", "/b/Modules/M.o"]]
        let objects = URL(fileURLWithPath: "/w/M")
        let compile = try XCTUnwrap(DriverJobs.objectJobs(of: jobs, sources: ["/g/B.swift", "/g/A.swift"], objects: objects))
        XCTAssertEqual(compile, [["/t/swift-frontend", "-frontend", "-c", "-primary-file", "/g/A.swift", "/g/B.swift", "-g",
                                  "-o", "/w/M/A.swift.o"],
                                 ["/t/swift-frontend", "-frontend", "-c", "/g/A.swift", "-primary-file", "/g/B.swift", "-o", "/w/M/B.swift.o"]])
        XCTAssertEqual(DriverJobs.outputs(of: compile), ["/w/M/A.swift.o", "/w/M/B.swift.o"])
        XCTAssertNil(DriverJobs.objectJobs(of: jobs, sources: ["/g/A.swift"], objects: objects), "a source the plan does not name")
        XCTAssertNil(DriverJobs.objectJobs(of: jobs, sources: ["/g/A.swift", "/g/B.swift", "/g/C.swift"], objects: objects),
                     "a source the jobs leave out")
        XCTAssertNil(DriverJobs.objectJobs(of: [jobs[1] + ["-filelist", "/tmp/x"]], sources: ["/g/A.swift"], objects: objects),
                     "a list in a file of the driver's making")
    }
}
