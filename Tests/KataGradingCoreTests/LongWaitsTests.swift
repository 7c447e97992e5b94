import Foundation
import XCTest
@testable import KataGradingCore

final class LongWaitsTests: XCTestCase {
    func test_findsWaitsAsLongAsTheLimit_notShortOnesOrComments() {
        let text = """
            func expectToEventually(timeout: TimeInterval = 10) {}
            wait(for: [done], timeout: 1)
            waitForExpectations(timeout: 9.5)
            // wait(for: [done], timeout: 60)
            try await Task.sleep(for: .seconds(30))
            """
        XCTAssertEqual(LongWaits.find(in: [(name: "T.swift", text: text)], limit: 10),
                       ["T.swift:1 waits 10 s", "T.swift:3 waits 9.5 s", "T.swift:5 waits 30 s"])
    }
}
