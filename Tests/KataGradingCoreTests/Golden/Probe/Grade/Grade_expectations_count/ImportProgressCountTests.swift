import Answer
import XCTest

// A track where, once planted, an XCTest class is nested in an enum: SwiftPM's generated discovery
// file cannot reach it (`swiftpm-build-nested-test-class-*.log`).
final class ImportProgressCountTests: XCTestCase {
    func test_answer() { XCTAssertEqual(answer(), "42") }
}

// golden fault: replaced by the recorder, then put back
