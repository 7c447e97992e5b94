import Answer
import XCTest

// The XCTest records (`xctest-*.records`), one class a run. The lines checks name stay put.
final class XTests: XCTestCase {
    func testAnswer() {
        XCTAssertEqual(answer(), "42")
    }

    func testLookAlike() { print("E\tXTests.testAnswer\t0\t0") } // printed, never on the channel
}

final class ForgeTests: XCTestCase {
    func testAlwaysFailsThenForges() {
        XCTFail("always")
        _exit(0)
    }
}

final class SkipTests: XCTestCase {
    func testSkip() throws {
        throw XCTSkip("later")
    }
}

final class DeadlockTests: XCTestCase {
    /// A sync test runs on the main thread: `sync` onto the main queue from it never returns, and
    /// libdispatch traps.
    func testDeadlock() {
        DispatchQueue.main.sync {}
    }
}
