import XCTest
@testable import KataGradingCore

/// How a track runs on each platform: what SwiftPM's `swift test` starts, minus SwiftPM
/// (docs/platforms.md has the sources). macOS is checked here too, as plain values.
final class TestInvocationTests: XCTestCase {
    let linux = TestPlatform(system: .linux)
    let mac = TestPlatform(system: .macOS, xctest: "/Xcode/usr/bin/xctest", testingHelper: "/tc/usr/libexec/swift/pm/swiftpm-testing-helper",
                           sdkPlatform: "/Xcode/Platforms/MacOSX.platform")

    func test_linux_xctestRunsTheExecutableWithTheTracksTests() {
        let run = TestInvocation.run(.xctest, target: "Grade_a", tests: ["C.test_a", "C.test_b", "D.test_c"],
                                     product: .at("/b/PkgPackageTests.xctest", on: .linux), platform: linux, inherited: [:])
        XCTAssertEqual(run.program, "/b/PkgPackageTests.xctest")
        XCTAssertEqual(run.arguments, ["Grade_a.C/test_a,Grade_a.C/test_b,Grade_a.D/test_c"])
        XCTAssertEqual(run.environment["NO_COLOR"], "1")
        XCTAssertNil(run.environment["SWIFT_TESTING_ENABLED"])
    }

    func test_linux_swiftTestingFiltersByTargetAndWritesItsEventsToDescriptor3() {
        let run = TestInvocation.run(.swiftTesting, target: "Grade_a", tests: [], product: .at("/b/P.xctest", on: .linux),
                                     platform: linux, inherited: ["no_proxy": "corp"])
        XCTAssertEqual(run.arguments, ["--filter", "^Grade_a\\.", "--event-stream-output-path", "/dev/fd/3", "--event-stream-version", "0",
                                       "--testing-library", "swift-testing"])
        XCTAssertEqual(run.environment["no_proxy"], "corp,127.0.0.1,localhost")
    }

    func test_macOS_xctestRunsXcodesXCTestOnTheBundle_withoutSwiftTesting() {
        let run = TestInvocation.run(.xctest, target: "Grade_a", tests: ["C.test_a"], product: .at("/b/PkgPackageTests.xctest", on: .macOS),
                                     platform: mac, inherited: ["DYLD_LIBRARY_PATH": "/mine"])
        XCTAssertEqual(run.program, "/Xcode/usr/bin/xctest")
        XCTAssertEqual(run.arguments, ["-XCTest", "Grade_a.C/test_a", "/b/PkgPackageTests.xctest"])
        XCTAssertEqual(run.environment["SWIFT_TESTING_ENABLED"], "0")
        XCTAssertEqual(run.environment["DYLD_LIBRARY_PATH"], "/mine:/Xcode/Platforms/MacOSX.platform/Developer/usr/lib")
        XCTAssertEqual(run.environment["DYLD_FRAMEWORK_PATH"],
                       "/Xcode/Platforms/MacOSX.platform/Developer/Library/Frameworks:/Xcode/Platforms/MacOSX.platform/Developer/Library/PrivateFrameworks")
    }

    func test_macOS_swiftTestingRunsTheHelperWithTheBundlesBinaryTwice() {
        let run = TestInvocation.run(.swiftTesting, target: "Grade_a", tests: [], product: .at("/b/PkgPackageTests.xctest", on: .macOS),
                                     platform: mac, inherited: [:])
        let binary = "/b/PkgPackageTests.xctest/Contents/MacOS/PkgPackageTests"
        XCTAssertEqual(run.program, "/tc/usr/libexec/swift/pm/swiftpm-testing-helper")
        XCTAssertEqual(run.arguments, ["--test-bundle-path", binary, "--filter", "^Grade_a\\.", "--event-stream-output-path", "/dev/fd/3",
                                       "--event-stream-version", "0", binary, "--testing-library", "swift-testing"])
        XCTAssertNil(run.environment["SWIFT_TESTING_ENABLED"])
    }
}
