import XCTest
@testable import KataGradingCore
import KataVerdicts

/// The decisions that differ between Linux and macOS, taken from plain facts (docs/platforms.md).
final class TestPlatformTests: XCTestCase {
    let linux = TestPlatform(system: .linux, swiftVersion: Version(6, 3, 1), cores: 2)
    let mac = TestPlatform(system: .macOS, osVersion: Version(15, 5), swiftVersion: Version(6, 2), xctest: "/X/xctest",
                           testingHelper: "/T/helper", xctestHelper: "/T/xchelper", sdkPlatform: "/X/MacOSX.platform", cores: 10)

    func test_linuxReplaysBuildsAndReliesOnTheSubreaper_macOSDoesNeither() {
        XCTAssertTrue(linux.usesBuildReplay)
        XCTAssertTrue(linux.reliesOnSubreaper)
        XCTAssertFalse(mac.usesBuildReplay)
        XCTAssertFalse(mac.reliesOnSubreaper)
        let simulated = TestPlatform(system: .macOS, simulated: true, osVersion: Version(15, 5), swiftVersion: Version(6, 2), xctest: "/X/xctest",
                                 testingHelper: "/T/helper", xctestHelper: "/T/xchelper", sdkPlatform: "/X/MacOSX.platform", cores: 10)
        XCTAssertFalse(simulated.usesBuildReplay, "Linux taking macOS's decisions builds as a Mac does")
        XCTAssertFalse(simulated.reliesOnSubreaper)
    }

    func test_onlyLinuxAttestsTheFrameworksExitAndForwardsSwiftTestingsStream() {
        XCTAssertTrue(linux.attestsExit)
        XCTAssertFalse(mac.attestsExit, "which image calls exit on macOS was never observed")
        let simulated = TestPlatform(system: .macOS, simulated: true, osVersion: Version(15, 5), swiftVersion: Version(6, 2), xctest: "/X/xctest",
                                 testingHelper: "/T/helper", xctestHelper: "/T/xchelper", sdkPlatform: "/X/MacOSX.platform", cores: 10)
        XCTAssertFalse(simulated.attestsExit, "Linux taking macOS's decisions judges as a Mac does")
    }

    func test_widthFollowsTheCores_withAFloorAndACap() {
        XCTAssertEqual(TestPlatform(system: .linux, cores: 1).runWidth, 4)
        XCTAssertEqual(TestPlatform(system: .linux, cores: 2).runWidth, 2 * TestPlatform.runsPerCore)
        XCTAssertEqual(TestPlatform(system: .macOS, cores: 10).runWidth, TestPlatform.widthCap)
        XCTAssertEqual(TestPlatform(system: .macOS, cores: 64).runWidth, TestPlatform.widthCap)
        let fixed = TestPlatform(system: .linux, swiftVersion: Version(6, 3, 1), cores: 2, fixedWidth: 3)
        XCTAssertEqual(fixed.runWidth, 3)
    }

    func test_unmet_saysWhatIsNeededAndWhatTheMachineHas() {
        let immediate = Catalog.Requirements(swift: Version(6, 2), macOS: Version(26), because: "Task.immediate")
        XCTAssertEqual(mac.unmet(immediate, framework: .swiftTesting)?.text, "macOS 26 (this Mac has 15.5)")
        XCTAssertNil(linux.unmet(immediate, framework: .swiftTesting), "Linux has no macOS version to need")
        let old = TestPlatform(system: .linux, swiftVersion: Version(6, 1), cores: 2)
        XCTAssertEqual(old.unmet(immediate, framework: .swiftTesting)?.text, "Swift 6.2 (this toolchain is 6.1)")
        let unknown = TestPlatform(system: .linux, cores: 2)
        XCTAssertNil(unknown.unmet(immediate, framework: .swiftTesting), "an unknown version never blocks a track")
        XCTAssertNil(mac.unmet(Catalog.Requirements(), framework: .xctest))
    }

    func test_commandLineToolsWithoutXcode_lacksXCTest_andSaysWhatToInstall() throws {
        let tools = TestPlatform(system: .macOS, osVersion: Version(15, 5), swiftVersion: Version(6, 2), testingHelper: "/T/helper", cores: 10)
        XCTAssertTrue(tools.lacksXCTest)
        XCTAssertFalse(mac.lacksXCTest)
        XCTAssertFalse(TestPlatform(system: .linux).lacksXCTest)
        XCTAssertEqual(tools.unmet(Catalog.Requirements(), framework: .xctest)?.text, "Xcode (this Mac has only the Command Line Tools)")
        XCTAssertNil(tools.unmet(Catalog.Requirements(), framework: .swiftTesting))
        let notice = try XCTUnwrap(tools.notice)
        XCTAssertTrue(notice.contains("Install Xcode") && notice.contains("--framework swift-testing"), notice)
        XCTAssertNil(mac.notice)
    }

    func test_versions() {
        XCTAssertEqual(Version("6.2"), Version(6, 2, 0))
        XCTAssertLessThan(Version(6, 1, 2), Version(6, 2))
        XCTAssertLessThan(Version(15, 5), Version(26))
        XCTAssertNil(Version("6.x"))
        XCTAssertEqual(Version.swift(fromVersionOutput: "Swift version 6.2.3 (swift-6.2.3-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n"),
                       Version(6, 2, 3))
        XCTAssertEqual(Version.swift(fromVersionOutput: "swift-driver version: 1.127.14.1 Apple Swift version 6.2 (swiftlang-6.2.0.19.9 clang-1700.3.19.1)\n"),
                       Version(6, 2))
        XCTAssertNil(Version.swift(fromVersionOutput: "command not found"))
    }

    func test_needsIsAVerdictThatDoesNotCount() {
        XCTAssertFalse(VerdictKind.needs.counts)
        XCTAssertTrue(VerdictKind.allCases.filter { $0 != .needs }.allSatisfy(\.counts))
    }

    // MARK: - The toolchain that builds the tests (docs/platforms.md, rows 4 and 5)

    func targetInfo(_ resources: String) -> Data {
        Data(#"{"compilerVersion":"Swift version 6.3.1","paths":{"runtimeLibraryPaths":[],"runtimeResourcePath":"\#(resources)"}}"#.utf8)
    }

    /// swiftly first on the PATH: its `swift` is a proxy, so the toolchain is what that `swift`
    /// answers, and the helper and Swift Testing are that toolchain's, not Xcode's.
    func test_swiftlyToolchain_givesTheHelperAndItsOwnSwiftTestingLibrary() throws {
        let usr = try XCTUnwrap(Toolchain.usr(fromTargetInfo: targetInfo("/Users/a/.swiftly/toolchains/6.3.1/usr/lib/swift")))
        XCTAssertEqual(usr, "/Users/a/.swiftly/toolchains/6.3.1/usr")
        let toolchain = Toolchain(usr: usr) { $0 == usr + "/lib/swift/macosx/testing" }
        XCTAssertEqual(toolchain.swiftTesting, .library(usr + "/lib/swift/macosx/testing"))
        XCTAssertEqual(toolchain.testingHelper, usr + "/libexec/swift/pm/swiftpm-testing-helper")
        XCTAssertEqual(toolchain.buildFlags, [], "SwiftPM passes -I and -L for a library, which is right")
        let swiftly = TestPlatform(system: .macOS, osVersion: Version(15, 5), swiftVersion: Version(6, 2), toolchain: toolchain, xctest: "/X/xctest",
                                 testingHelper: "/T/helper", xctestHelper: "/T/xchelper", sdkPlatform: "/X/MacOSX.platform", cores: 10)
        let paths = swiftly.dynamicLibraryPaths(inherited: ["DYLD_LIBRARY_PATH": "/mine"])
        XCTAssertEqual(paths["DYLD_LIBRARY_PATH"], "/mine:\(usr)/lib/swift/macosx/testing:/X/MacOSX.platform/Developer/usr/lib",
                       "the attendee's own first, then the toolchain's Swift Testing, then the SDK platform's (TestingSupport.swift)")
        XCTAssertEqual(paths["DYLD_FRAMEWORK_PATH"], "/X/MacOSX.platform/Developer/Library/Frameworks:/X/MacOSX.platform/Developer/Library/PrivateFrameworks")
        XCTAssertTrue(swiftly.decisions.contains(usr), "kept runs are keyed by the toolchain too")
    }

    /// The Command Line Tools alone: no SDK platform, Swift Testing a framework beside the
    /// toolchain. The run needs its folder and _TestingInterop's; the build needs `-F`.
    func test_commandLineTools_swiftTestingIsAFramework_withTheInteropLibrary_andAFrameworkSearchPath() throws {
        let usr = try XCTUnwrap(Toolchain.usr(fromTargetInfo: targetInfo("/Library/Developer/CommandLineTools/usr/lib/swift")))
        let toolchain = Toolchain(usr: usr) { $0 == "/Library/Developer/CommandLineTools/Library/Developer/Frameworks/Testing.framework" }
        XCTAssertEqual(toolchain.swiftTesting, .frameworks("/Library/Developer/CommandLineTools/Library/Developer/Frameworks"))
        let tools = TestPlatform(system: .macOS, osVersion: Version(15, 5), swiftVersion: Version(6, 2), toolchain: toolchain,
                                 testingHelper: toolchain.testingHelper)
        XCTAssertTrue(tools.lacksXCTest)
        XCTAssertEqual(tools.dynamicLibraryPaths(inherited: [:]),
                       ["DYLD_FRAMEWORK_PATH": "/Library/Developer/CommandLineTools/Library/Developer/Frameworks",
                        "DYLD_LIBRARY_PATH": "/Library/Developer/CommandLineTools/Library/Developer/usr/lib"],
                       "without an SDK platform the run still gets the toolchain's Swift Testing")
        XCTAssertEqual(tools.buildFlags, ["-Xswiftc", "-F", "-Xswiftc", "/Library/Developer/CommandLineTools/Library/Developer/Frameworks"])
        let run = TestInvocation.run(.swiftTesting, target: "T", tests: [], product: tools.testProduct(at: "/b/P.xctest"),
                                     platform: tools, inherited: [:])
        XCTAssertEqual(run.program, "/Library/Developer/CommandLineTools/usr/libexec/swift/pm/swiftpm-testing-helper")
        XCTAssertEqual(run.environment["DYLD_FRAMEWORK_PATH"], "/Library/Developer/CommandLineTools/Library/Developer/Frameworks")
        let linuxTools = TestPlatform(system: .linux, swiftVersion: Version(6, 2), toolchain: toolchain, testingHelper: toolchain.testingHelper)
        XCTAssertEqual(linuxTools.buildFlags, [], "Linux builds take nothing from a Mac's toolchain")
        XCTAssertEqual(linuxTools.dynamicLibraryPaths(inherited: [:]), [:])
    }

    /// Xcode's toolchain keeps Swift Testing in the SDK platform: nothing of its own to add.
    func test_xcodeToolchain_hasNoSwiftTestingOfItsOwn_andAnUnreadableAnswerIsNoToolchain() {
        let toolchain = Toolchain(usr: "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr") { _ in false }
        XCTAssertNil(toolchain.swiftTesting)
        XCTAssertEqual(toolchain.runSearchPaths.frameworks + toolchain.runSearchPaths.libraries, [])
        XCTAssertNil(Toolchain.usr(fromTargetInfo: Data("error: unknown argument".utf8)))
        XCTAssertNil(Toolchain.usr(fromTargetInfo: targetInfo("/somewhere/else")))
    }
}
