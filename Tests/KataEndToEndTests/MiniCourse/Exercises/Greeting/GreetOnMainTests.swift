// Exercise greeting-on-main
// The callback must run on the main queue: record where it ran, and check it after the wait.
import XCTest
@testable import Greeting

final class GreetOnMainTests: XCTestCase {
    func testTheGreetingComesOnTheMainThread() {
        // TODO: record Thread.isMainThread in the callback, wait for it, and check it.
        XCTFail("not written yet")
    }
}
