import Foundation
import XCTest
@testable import KataGrading

final class LongWaitsTests: XCTestCase {
    func test_findsWaitsAsLongAsTheLimit_notShortOnesOrComments() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("LongWaits-\(UUID().uuidString).swift")
        try """
            func expectToEventually(timeout: TimeInterval = 10) {}
            wait(for: [done], timeout: 1)
            waitForExpectations(timeout: 9.5)
            // wait(for: [done], timeout: 60)
            try await Task.sleep(for: .seconds(30))
            """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let name = file.lastPathComponent
        XCTAssertEqual(LongWaits.find(in: [file], limit: 10), ["\(name):1 waits 10 s", "\(name):3 waits 9.5 s", "\(name):5 waits 30 s"])
    }
}
