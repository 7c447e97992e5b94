import XCTest
@testable import KataGradingCore

/// The XCTest listing both platforms write: corelibs' `--dump-tests-json` (this shape is what
/// swift-corelibs-xctest's TestListing.swift prints) and Xcode's swiftpm-xctest-helper.
final class XCTestListingTests: XCTestCase {
    func test_readsTestsByTargetFromTheTree() throws {
        let json = #"""
            {"name":"All tests","tests":[{"name":"AsyncTestingKataPackageTests.xctest","tests":[
              {"name":"Grade_mocking_request.SearchFiresRequestTests","tests":[{"name":"test_a"},{"name":"test_b"}]},
              {"name":"Grade_mocking_success.SearchSuccessResponseTests","tests":[{"name":"test_c"}]}]}]}
            """#
        let tests = try XCTUnwrap(XCTestListing.testsByTarget(Data(json.utf8)))
        XCTAssertEqual(tests["Grade_mocking_request"], ["SearchFiresRequestTests.test_a", "SearchFiresRequestTests.test_b"])
        XCTAssertEqual(tests["Grade_mocking_success"], ["SearchSuccessResponseTests.test_c"])
    }

    /// The probe's test binary's own `--dump-tests-json` (`Golden/xctest-listing-<version>.json`),
    /// of every toolchain recorded, read whole: Swift Testing's tests are not XCTest's and are not
    /// listed.
    func test_readsEveryToolchainsRecordedListing_whole() {
        let recordings = Golden.recordings("xctest-listing", "json")
        XCTAssertFalse(recordings.isEmpty)
        for recording in recordings {
            XCTAssertEqual(XCTestListing.testsByTarget(recording.data), [
                "XTests": ["DeadlockTests.testDeadlock", "ForgeTests.testAlwaysFailsThenForges", "SkipTests.testSkip",
                           "XTests.testAnswer", "XTests.testLookAlike"],
                "Grade_expectations_count": ["ImportProgressCountTests.test_answer"],
            ], recording.version)
        }
    }

    func test_skipsWhatIsPrintedBeforeTheJSON_andRefusesWhatIsNotATree() {
        XCTAssertEqual(XCTestListing.testsByTarget(Data("note\n{\"name\":\"All tests\",\"tests\":[]}".utf8)), [:])
        XCTAssertNil(XCTestListing.testsByTarget(Data("Listing 2 tests".utf8)))
    }
}
