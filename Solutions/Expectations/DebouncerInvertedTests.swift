// Exercise expectations-inverted: A call that must never come.

import XCTest
import Expectations

// The search field calls the `Debouncer` on every keystroke: typing "Simo" then "Simon" quickly
// must search for "Simon" only. The search for "Simo" must *never* run, and "never" is what a test
// cannot wait for.
//
// The idea: an inverted expectation fails the wait if it is fulfilled. It proves only "not within
// this window": the window must outlast the moment the unwanted call would have come, and it says
// nothing at all if nothing runs, so pair it with an expectation for what must happen. (A fulfil
// that comes after the wait is over differs too: Linux's XCTest ignores it, Apple's reports an API
// violation, which can stop the whole run. One more reason to size the window past the call.)
final class DebouncerInvertedTests: XCTestCase {
    func testOnlyTheLastOfTwoQuickCallsRuns() {
        let debouncer = Debouncer(delay: .milliseconds(50))
        let searchForSimoRan = expectation(description: "search for 'Simo' ran")
        searchForSimoRan.isInverted = true
        let searchForSimonRan = expectation(description: "search for 'Simon' ran")

        debouncer.call { searchForSimoRan.fulfill() }
        debouncer.call { searchForSimonRan.fulfill() }

        // With an inverted expectation in it, the wait always lasts the whole timeout. Half a
        // second is ten times the 50 ms after which "Simo" would have run: wide enough to see it
        // on a slow machine, and no wider, since every test run pays for it.
        wait(for: [searchForSimonRan, searchForSimoRan], timeout: 0.5)
    }
}
