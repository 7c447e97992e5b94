import Foundation
import XCTest
@testable import KataGrading

/// When the grader may rebuild a Swift Testing track without SwiftPM, and which commands of
/// SwiftPM's own plan it then runs.
final class TrackRelinkTests: XCTestCase {
    private let record = TrackRelink.Record(files: ["Package.swift": "p", "Sources/Mocking/MusicService.swift": "m",
                                                    "Grade/Grade_a__swift_testing/ASuite.swift": "a",
                                                    "Grade/Grade_b/BTests.swift": "b"], plan: "1-2")
    private let swiftTesting: Set<String> = ["Grade_a__swift_testing"]

    func test_onlyAnEditOfASwiftTestingTrack_isRebuiltAlone() {
        var files = record.files
        XCTAssertNil(TrackRelink.targetsToRebuild(since: record, now: files, swiftTestingTargets: swiftTesting), "nothing changed")
        files["Grade/Grade_a__swift_testing/ASuite.swift"] = "a2"
        XCTAssertEqual(TrackRelink.targetsToRebuild(since: record, now: files, swiftTestingTargets: swiftTesting), ["Grade_a__swift_testing"])

        var xctest = record.files
        xctest["Grade/Grade_b/BTests.swift"] = "b2"
        XCTAssertNil(TrackRelink.targetsToRebuild(since: record, now: xctest, swiftTestingTargets: swiftTesting),
                     "an XCTest track needs SwiftPM's test discovery")
        var legacy = files
        legacy["Sources/Mocking/MusicService.swift"] = "m2"
        XCTAssertNil(TrackRelink.targetsToRebuild(since: record, now: legacy, swiftTestingTargets: swiftTesting))
        var manifest = files
        manifest["Package.swift"] = "p2"
        XCTAssertNil(TrackRelink.targetsToRebuild(since: record, now: manifest, swiftTestingTargets: swiftTesting),
                     "a new manifest (an exercise left out or back in) is SwiftPM's to plan")
        var added = files
        added["Grade/Grade_a__swift_testing/Helper.swift"] = "h"
        XCTAssertNil(TrackRelink.targetsToRebuild(since: record, now: added, swiftTestingTargets: swiftTesting),
                     "a new file changes the plan")
        var removed = files
        removed["Grade/Grade_a__swift_testing/ASuite.swift"] = nil
        XCTAssertNil(TrackRelink.targetsToRebuild(since: record, now: removed, swiftTestingTargets: swiftTesting))
    }

    func test_aTrackThatImportsXCTest_isLeftToSwiftPM() {
        XCTAssertFalse(TrackRelink.importsXCTest("import Testing\n// Unlike XCTest's wait(for:), a confirmation…\nstruct S {}\n"))
        XCTAssertTrue(TrackRelink.importsXCTest("import Testing\nimport XCTest\n"))
        XCTAssertTrue(TrackRelink.importsXCTest("@testable import Mocking\n  import class XCTest.XCTestCase\n"))
        XCTAssertTrue(TrackRelink.importsXCTest("/* import XCTest */\n"), "errs towards SwiftPM")
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

    func test_theStepsAreSwiftPMsOwnCommands_compileWrapLink() throws {
        let commands = TrackRelink.commands(inPlan: plan)
        XCTAssertEqual(commands.count, 4)
        let steps = try XCTUnwrap(TrackRelink.steps(for: ["Grade_a__swift_testing"], build: URL(fileURLWithPath: "/b/debug"),
                                                    testBinary: "XPackageTests.xctest", in: commands))
        XCTAssertEqual(steps.map { $0.prefix(2).joined(separator: " ") },
                       ["/t/swiftc -module-name", "/t/swiftc -modulewrap", "/t/swiftc -o"])
        XCTAssertEqual(steps[0].last, "@/b/debug/Grade_a__swift_testing.build/sources")
    }

    func test_aPlanItCannotFollowExactly_isNotFollowed() {
        let build = URL(fileURLWithPath: "/b/debug")
        let commands = TrackRelink.commands(inPlan: plan)
        XCTAssertNil(TrackRelink.steps(for: ["Grade_c__swift_testing"], build: build, testBinary: "XPackageTests.xctest", in: commands),
                     "a target the plan does not build")
        XCTAssertNil(TrackRelink.steps(for: ["Grade_a__swift_testing"], build: URL(fileURLWithPath: "/elsewhere/debug"),
                                       testBinary: "XPackageTests.xctest", in: commands),
                     "a plan made for another place (a copied checkout)")
        let withEnvironment = plan.replacingOccurrences(of: "    tool: shell\n    inputs: [\"/g/", with: "    tool: shell\n    env: {}\n    inputs: [\"/g/")
        XCTAssertNil(TrackRelink.steps(for: ["Grade_a__swift_testing"], build: build, testBinary: "XPackageTests.xctest",
                                       in: TrackRelink.commands(inPlan: withEnvironment)),
                     "a command with settings the grader does not reproduce")
        XCTAssertNil(TrackRelink.steps(for: ["Grade_a__swift_testing"], build: build, testBinary: "XPackageTests.xctest",
                                       in: TrackRelink.commands(inPlan: "")))
    }
}
