import Foundation
import XCTest
@testable import KataGrading
@testable import KataGradingCore

/// Which lines the output cap keeps past its first megabyte: the ones the grader reads.
final class OutputCapTests: XCTestCase {
    func test_keepsTheLinesTheGraderReads_andNothingElse() {
        let kept = [
            "Test Case 'A.test_b' started at 2026-11-24 01:00:00.000",
            "Test Suite 'Selected tests' passed at 2026-11-24 01:00:00.000",
            "/x/A.swift:3: error: A.test_b : XCTAssertTrue failed",
            "\t Executed 3 tests, with 0 failures (0 unexpected) in 0.1 (0.1) seconds",
            "Fatal error: Unexpectedly found nil",
            "BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread",
            "3 libdispatch.so 0x00007f __DISPATCH_WAIT_FOR_QUEUE__ + 0x1a",
            "ends with the marker: error: ",
        ]
        let cut = [
            "",
            "x",
            "print(\"Test Case 'A.b' started\") is not at the start: xTest Case '",
            String(repeating: "x", count: 600) + " Executed 3 tests",
            "Executed", // shorter than the marker
            ": error:",
        ]
        let cap = OutputCap(keeping: .linesTheGraderReads)
        for line in kept { XCTAssertTrue(cap.isStructural(Array(line.utf8)), line) }
        for line in cut { XCTAssertFalse(cap.isStructural(Array(line.utf8)), line) }
    }
}
