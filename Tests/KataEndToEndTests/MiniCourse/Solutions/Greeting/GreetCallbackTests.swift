// Exercise greeting-callback
// The greeting comes later, on the main queue: wait for it, bounded in time, then check it.
import XCTest
@testable import Greeting

final class GreetCallbackTests: XCTestCase {
    func testGreetCallsBackWithTheGreeting() {
        let greeted = expectation(description: "greeted")
        var greetings: [String] = []
        Greeter().greet("Ada") { greeting in
            greetings.append(greeting)
            greeted.fulfill()
        }
        wait(for: [greeted], timeout: 2)
        XCTAssertEqual(greetings.first, "Hello, Ada!")
    }
}
