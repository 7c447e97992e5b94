// Exercise greeting-once
// A callback must come once: count the calls, and check the count when the work is over.
import XCTest
@testable import Greeting

final class GreetOnceTests: XCTestCase {
    func testGreetCallsBackExactlyOnce() {
        let greeted = expectation(description: "greeted")
        var fulfilled = false
        Greeter().greet("Ada") { _ in
            if !fulfilled { greeted.fulfill() }
            fulfilled = true
        }
        wait(for: [greeted], timeout: 2)
    }
}
