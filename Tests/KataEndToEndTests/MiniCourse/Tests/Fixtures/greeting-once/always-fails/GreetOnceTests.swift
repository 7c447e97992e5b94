// Exercise greeting-once
// A callback must come once: count the calls, and check the count when the work is over.
import XCTest
@testable import Greeting

final class GreetOnceTests: XCTestCase {
    func testGreetCallsBackExactlyOnce() {
        XCTFail("fails whatever the code does")
    }
}
