import XCTest
import Expectations

// Waits out a 5-second inverted window for a call that would come after 50 ms.
final class DebouncerInvertedTests: XCTestCase {
    func testOnlyTheLastOfTwoQuickCallsRuns() {
        let debouncer = Debouncer(delay: .milliseconds(50))
        let searchForSimoRan = expectation(description: "search for 'Simo' ran")
        searchForSimoRan.isInverted = true
        let searchForSimonRan = expectation(description: "search for 'Simon' ran")

        debouncer.call { searchForSimoRan.fulfill() }
        debouncer.call { searchForSimonRan.fulfill() }

        wait(for: [searchForSimonRan, searchForSimoRan], timeout: 5)
    }
}
