import XCTest
import Expectations

// Runs the main run loop a fixed 100 ms, then looks at what ran.
final class DebouncerInvertedTests: XCTestCase {
    func testOnlyTheLastOfTwoQuickCallsRuns() {
        let debouncer = Debouncer(delay: .milliseconds(50))
        var ran: [String] = []
        debouncer.call { ran.append("Simo") }
        debouncer.call { ran.append("Simon") }

        RunLoop.current.run(until: Date().addingTimeInterval(0.1))

        XCTAssertEqual(ran, ["Simon"])
    }
}
