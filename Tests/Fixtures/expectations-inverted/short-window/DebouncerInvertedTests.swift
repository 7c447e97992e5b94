import XCTest
import Expectations

// The inverted window (10 ms) closes long before the unwanted call would come (400 ms: a busy
// machine that wakes the test late still closes it in time), and what comes after it is not
// looked at. The suite closes the window itself: a fulfil after its wait is ignored
// by Linux's XCTest but is an API violation in Apple's, so a late fulfil would judge differently.
final class DebouncerInvertedTests: XCTestCase {
    func testOnlyTheLastOfTwoQuickCallsRuns() {
        let debouncer = Debouncer(delay: .milliseconds(400))
        let searchForSimoRan = expectation(description: "search for 'Simo' ran")
        searchForSimoRan.isInverted = true
        let searchForSimonRan = expectation(description: "search for 'Simon' ran")

        var windowOpen = true
        debouncer.call { if windowOpen { searchForSimoRan.fulfill() } }
        debouncer.call { searchForSimonRan.fulfill() }

        wait(for: [searchForSimoRan], timeout: 0.01)
        windowOpen = false
        wait(for: [searchForSimonRan], timeout: 1)
    }
}
