import XCTest
@testable import KataGradingCore

/// KataEndToEndTests drives the grader binary and links none of its code, so the seeds it names
/// to replay the mini course's one point (`greet-later`, 0...1000 ms) are pinned here to the
/// delays they pick.
final class MiniCourseSeedsTests: XCTestCase {
    func test_theSeedsTheMiniCoursesTestNames_pickLowTheMiddleAndHigh() {
        XCTAssertEqual([UInt32(5), 7, 1].map { Perturbation.delay(seed: $0, point: 1, range: 0...1000) }, [0, 500, 1000])
    }
}
