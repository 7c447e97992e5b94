import XCTest
import Expectations

// Only the inverted expectation: a debouncer that runs nothing at all passes.
final class DebouncerInvertedTests: XCTestCase {
    func testOnlyTheLastOfTwoQuickCallsRuns() {
        let debouncer = Debouncer(delay: .milliseconds(50))
        let searchForSimoRan = expectation(description: "search for 'Simo' ran")
        searchForSimoRan.isInverted = true

        debouncer.call { searchForSimoRan.fulfill() }
        debouncer.call {}

        wait(for: [searchForSimoRan], timeout: 0.5)
    }
}
