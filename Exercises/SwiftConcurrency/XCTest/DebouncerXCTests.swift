// Exercise swift-concurrency-clock (XCTest), part 2 of 2: A test clock for a debouncer.
//
// The sign-up form should check an e-mail address once the user stops typing: `Debouncer` acts
// on the latest value after 300 ms of quiet, and every keystroke restarts the wait.
//
// The idea: inject a `TestClock` (TestClock.swift, the same one the Swift Testing track writes: it
// needs no test framework) and move time by hand. Wait until the debouncer is sleeping, look at
// what it is waiting for, advance the clock, and see it act: all in a few milliseconds, with no
// real waiting at all. `TimeoutTask` keeps a debouncer that never sleeps or never acts from
// hanging the test: XCTest has no per-test time limit at all.
//
// (Swift Testing's version is DebouncerTests.swift, one folder up. Both compile in the same
// target, which allows neither two files nor two types of the same name, hence "XCTests".)

import SwiftConcurrency
import XCTest

final class DebouncerXCTests: XCTestCase {
    func testActsOnceOnTheLastValueAfterThreeHundredMillisecondsOfQuiet() async throws {
        // TODO: Finish advance(by:) in TestClock.swift. Then make a
        // Debouncer<String>(for: .milliseconds(300), clock: clock) whose action yields into an
        // AsyncStream. Send "ana"; wait until the clock has a sleeper (waitForSleepers, inside a
        // TimeoutTask); advance 200 ms; send "ana@"; wait again and check pendingDeadlines; then
        // advance the rest of the way and check the one value the action got.
        XCTFail("TODO: drive the debouncer with a TestClock (XCTest/DebouncerXCTests.swift)")
    }
}
