// Exercise greeting-callback
// The greeting comes later, on the main queue: wait for it, bounded in time, then check it.
import XCTest
@testable import Greeting

final class GreetCallbackTests: XCTestCase {
    func testGreetCallsBackWithTheGreeting() {
        // TODO: greet "Ada", wait for the callback with an expectation, and check the greeting.
        XCTFail("not written yet")
    }
}
