// Exercise expectations-inverted (Swift Testing): a call that must never come.
import Foundation
import Testing
import Expectations

// The search field calls the `Debouncer` on every keystroke: typing "Simo" then "Simon" quickly
// must search for "Simon" only. The search for "Simo" must *never* run, and "never" is what a test
// cannot wait for.
//
// The idea: `confirmation(expectedCount: 0)` fails if it is confirmed, but only while its body
// runs: it counts nothing after the body returns, and it never waits by itself. So the body is the
// window, and it proves only "not within this window". Make the body await what must happen (the
// search for "Simon", with `awaitCallback`), which comes after "Simo" would have, and stay a
// little longer. Awaiting "Simon" also keeps the test from passing when nothing runs at all.
@Suite struct DebouncerInvertedSuite {
    // `@MainActor`: the debouncer runs its calls on the main queue, and the test calls it from there.
    @Test @MainActor func onlyTheLastOfTwoQuickCallsRuns() async throws {
        let debouncer = Debouncer(delay: .milliseconds(50))

        // "Never", counted only while the body runs: the body is the window.
        try await confirmation("search for 'Simo' ran", expectedCount: 0) { searchForSimoRan in
            // What must happen: a debouncer that runs nothing at all fails here, after 1 s.
            try await awaitCallback { (searchForSimonRan: @escaping (()) -> Void) in
                debouncer.call { searchForSimoRan() }
                debouncer.call { searchForSimonRan(()) }
            }
            // "Simo" was due before "Simon", so it would have run by now; a little longer (twice
            // the 50 ms delay) covers a timer that fires late. No wider: every run pays for it.
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
