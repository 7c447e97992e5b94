// Exercise greeting-on-main
// The callback must run on the main queue: record where it ran, and check it after the wait.
import XCTest
@testable import Greeting

final class GreetOnMainTests: XCTestCase {
    func testTheGreetingComesOnTheMainThread() {
        let greeted = expectation(description: "greeted")
        var onMain = false
        Greeter().greet("Ada") { _ in
            onMain = Thread.isMainThread
            greeted.fulfill()
        }
        wait(for: [greeted], timeout: 2)
        XCTAssertTrue(onMain)
    }
}
