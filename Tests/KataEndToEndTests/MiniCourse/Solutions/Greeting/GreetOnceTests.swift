// Exercise greeting-once
// A callback must come once: count the calls, and check the count when the work is over.
import XCTest
@testable import Greeting

final class GreetOnceTests: XCTestCase {
    func testGreetCallsBackExactlyOnce() {
        let greeted = expectation(description: "greeted")
        var calls = 0
        Greeter().greet("Ada") { _ in
            calls += 1
            greeted.fulfill()
        }
        wait(for: [greeted], timeout: 2)
        XCTAssertEqual(calls, 1)
    }
}
