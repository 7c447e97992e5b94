import XCTest
@testable import KataGradingCore

/// How a track runs on each platform: what SwiftPM's `swift test` starts, minus SwiftPM
/// (docs/platforms.md has the sources). macOS is checked here too, as plain values.
final class TestInvocationTests: XCTestCase {
    let linux = TestPlatform(system: .linux)
    let mac = TestPlatform(system: .macOS, xctest: "/Xcode/usr/bin/xctest", testingHelper: "/tc/usr/libexec/swift/pm/swiftpm-testing-helper",
                           xctestHelper: "/tc/usr/libexec/swift/pm/swiftpm-xctest-helper", sdkPlatform: "/Xcode/Platforms/MacOSX.platform")

    func test_linux_xctestRunsTheExecutableWithTheTracksTests() {
        let run = TestInvocation.run(.xctest, target: "Grade_a", tests: ["C.test_a", "C.test_b", "D.test_c"],
                                     product: linux.testProduct(at: "/b/PkgPackageTests.xctest"), platform: linux, inherited: [:])
        XCTAssertEqual(run.program, "/b/PkgPackageTests.xctest")
        XCTAssertEqual(run.arguments, ["Grade_a.C/test_a,Grade_a.C/test_b,Grade_a.D/test_c"])
        XCTAssertEqual(run.environment["NO_COLOR"], "1")
        XCTAssertNil(run.environment["SWIFT_TESTING_ENABLED"])
    }

    func test_linux_swiftTestingFiltersByTargetAndWritesItsEventsToDescriptor3() {
        let run = TestInvocation.run(.swiftTesting, target: "Grade_a", tests: [], product: linux.testProduct(at: "/b/P.xctest"),
                                     platform: linux, inherited: ["no_proxy": "corp"])
        XCTAssertEqual(run.arguments, ["--filter", "^Grade_a\\.", "--event-stream-output-path", "/dev/fd/3", "--event-stream-version", "0",
                                       "--testing-library", "swift-testing"])
        XCTAssertEqual(run.environment["no_proxy"], "corp,127.0.0.1,localhost")
    }

    func test_macOS_xctestRunsXcodesXCTestOnTheBundle_withoutSwiftTesting() {
        let run = TestInvocation.run(.xctest, target: "Grade_a", tests: ["C.test_a"], product: mac.testProduct(at: "/b/PkgPackageTests.xctest"),
                                     platform: mac, inherited: ["DYLD_LIBRARY_PATH": "/mine"])
        XCTAssertEqual(run.program, "/Xcode/usr/bin/xctest")
        XCTAssertEqual(run.arguments, ["-XCTest", "Grade_a.C/test_a", "/b/PkgPackageTests.xctest"])
        XCTAssertEqual(run.environment["SWIFT_TESTING_ENABLED"], "0")
        XCTAssertEqual(run.environment["DYLD_LIBRARY_PATH"], "/mine:/Xcode/Platforms/MacOSX.platform/Developer/usr/lib")
        XCTAssertEqual(run.environment["DYLD_FRAMEWORK_PATH"],
                       "/Xcode/Platforms/MacOSX.platform/Developer/Library/Frameworks:/Xcode/Platforms/MacOSX.platform/Developer/Library/PrivateFrameworks")
    }

    func test_macOS_swiftTestingRunsTheHelperWithTheBundlesBinaryTwice() {
        let run = TestInvocation.run(.swiftTesting, target: "Grade_a", tests: [], product: mac.testProduct(at: "/b/PkgPackageTests.xctest"),
                                     platform: mac, inherited: [:])
        let binary = "/b/PkgPackageTests.xctest/Contents/MacOS/PkgPackageTests"
        XCTAssertEqual(run.program, "/tc/usr/libexec/swift/pm/swiftpm-testing-helper")
        XCTAssertEqual(run.arguments, ["--test-bundle-path", binary, "--filter", "^Grade_a\\.", "--event-stream-output-path", "/dev/fd/3",
                                       "--event-stream-version", "0", binary, "--testing-library", "swift-testing"])
        XCTAssertNil(run.environment["SWIFT_TESTING_ENABLED"])
    }

    func test_linux_listsXCTestAsJSONOnItsStandardOutput() {
        let list = TestInvocation.listXCTest(product: linux.testProduct(at: "/b/P.xctest"), platform: linux, answerFile: "/l/a.json",
                                             inherited: [:])
        XCTAssertEqual(list, TestInvocation(program: "/b/P.xctest", arguments: ["--dump-tests-json"], environment: [:]))
    }

    func test_macOS_listsXCTestWithXcodesHelper_intoAFile_withTheXCTestEnvironment() throws {
        let list = try XCTUnwrap(TestInvocation.listXCTest(product: mac.testProduct(at: "/b/P.xctest"), platform: mac,
                                                           answerFile: "/l/a.json", inherited: [:]))
        XCTAssertEqual(list.program, "/tc/usr/libexec/swift/pm/swiftpm-xctest-helper")
        XCTAssertEqual(list.arguments, ["/b/P.xctest", "/l/a.json"])
        XCTAssertEqual(list.answerFile, "/l/a.json")
        XCTAssertEqual(list.environment["SWIFT_TESTING_ENABLED"], "0")
        XCTAssertEqual(list.environment["DYLD_LIBRARY_PATH"], "/Xcode/Platforms/MacOSX.platform/Developer/usr/lib")
    }

    func test_macOS_withoutXcode_hasNoXCTestListing() {
        let tools = TestPlatform(system: .macOS, testingHelper: "/tc/usr/libexec/swift/pm/swiftpm-testing-helper",
                                 sdkPlatform: "/Xcode/Platforms/MacOSX.platform")
        XCTAssertNil(TestInvocation.listXCTest(product: tools.testProduct(at: "/b/P.xctest"), platform: tools, answerFile: "/a", inherited: [:]))
    }

    func test_macOSProductIsABundle_buildOnLinuxItIsTheExecutable_evenWhenSimulated() {
        XCTAssertEqual(mac.testProduct(at: "/b/PkgPackageTests.xctest"),
                       TestProduct(binary: "/b/PkgPackageTests.xctest/Contents/MacOS/PkgPackageTests", bundle: "/b/PkgPackageTests.xctest"))
        let simulated = TestPlatform(system: .macOS, simulated: true, xctest: "/Xcode/usr/bin/xctest",
                                     testingHelper: "/tc/usr/libexec/swift/pm/swiftpm-testing-helper",
                                     xctestHelper: "/tc/usr/libexec/swift/pm/swiftpm-xctest-helper", sdkPlatform: "/Xcode/Platforms/MacOSX.platform")
        XCTAssertEqual(simulated.testProduct(at: "/b/PkgPackageTests.xctest"),
                       TestProduct(binary: "/b/PkgPackageTests.xctest", bundle: "/b/PkgPackageTests.xctest"))
    }

    func test_standingIn_runsTheGraderWithTheToolAndItsArgumentsUnchanged() {
        let plan = TestInvocation.run(.swiftTesting, target: "Grade_a", tests: [], product: mac.testProduct(at: "/b/P.xctest"),
                                      platform: mac, inherited: [:])
        let played = plan.standingIn(for: "/grader")
        XCTAssertEqual(played.program, "/grader")
        XCTAssertEqual(played.arguments, ["--stand-in", plan.program] + plan.arguments)
        XCTAssertEqual(played.environment, plan.environment)
    }
}
