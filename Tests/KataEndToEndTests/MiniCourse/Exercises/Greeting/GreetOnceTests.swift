// Exercise greeting-once
// A callback must come once: count the calls, and check the count when the work is over.
import XCTest
@testable import Greeting

final class GreetOnceTests: XCTestCase {
    func testGreetCallsBackExactlyOnce() {
        // TODO: count the calls of the callback, wait for the first, and check the count.
        XCTFail("not written yet")
    }
}
