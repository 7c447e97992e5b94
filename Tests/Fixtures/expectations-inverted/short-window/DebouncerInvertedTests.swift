import XCTest
import Expectations

// The inverted window (10 ms) closes before the unwanted call would come (50 ms); a fulfilment after the wait is ignored.
final class DebouncerInvertedTests: XCTestCase {
    func testOnlyTheLastOfTwoQuickCallsRuns() {
        let debouncer = Debouncer(delay: .milliseconds(50))
        let searchForSimoRan = expectation(description: "search for 'Simo' ran")
        searchForSimoRan.isInverted = true
        let searchForSimonRan = expectation(description: "search for 'Simon' ran")

        debouncer.call { searchForSimoRan.fulfill() }
        debouncer.call { searchForSimonRan.fulfill() }

        wait(for: [searchForSimoRan], timeout: 0.01)
        wait(for: [searchForSimonRan], timeout: 1)
    }
}
