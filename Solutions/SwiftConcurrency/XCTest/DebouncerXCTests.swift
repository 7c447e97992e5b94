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
        let clock = TestClock()
        let (acted, action) = AsyncStream.makeStream(of: String.self)
        let debouncer = Debouncer<String>(for: .milliseconds(300), clock: clock) { action.yield($0) }

        debouncer.send("ana")
        // Its timer starts on a task of its own: wait until it is really sleeping. That task may
        // start a few hundred ms late on a busy machine (real time, not the clock's): three
        // seconds only bound a debouncer that never sleeps or never acts.
        try await TimeoutTask(seconds: 3) { await clock.waitForSleepers() }.value
        XCTAssertEqual(clock.pendingDeadlines, [.milliseconds(300)])

        clock.advance(by: .milliseconds(200))
        debouncer.send("ana@")
        try await TimeoutTask(seconds: 3) { await clock.waitForSleepers() }.value
        XCTAssertEqual(clock.pendingDeadlines, [.milliseconds(500)], "a new keystroke restarts the 300 ms wait")

        clock.advance(by: .milliseconds(300))
        let value = try await TimeoutTask(seconds: 3) { await acted.first { _ in true } }.value
        XCTAssertEqual(value, "ana@")
        XCTAssertEqual(clock.pendingDeadlines, [])
    }
}
