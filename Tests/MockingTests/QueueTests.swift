import XCTest
import Mocking

final class MockingQueueTests: XCTestCase {
    func testSyncQueuesFinishTheWorkBeforeDispatchReturns() {
        for queue in [SyncQueue.global, SyncQueue.background] {
            var ran = false
            queue.dispatch { ran = true }
            XCTAssertTrue(ran)
        }
    }

    func testSyncQueueMainFromAnotherThreadRunsTheWorkOnTheMainThread() {
        let done = expectation(description: "dispatch returned")
        var ranOnMainThread: Bool?
        AsyncQueue.global.dispatch {
            SyncQueue.main.dispatch { ranOnMainThread = Thread.isMainThread }
            done.fulfill()
        }
        // `wait` drains the main queue, which lets the sync dispatch in.
        wait(for: [done], timeout: 5)
        XCTAssertEqual(ranOnMainThread, true)
    }

    func testAsyncQueueReturnsBeforeTheWorkRuns() {
        let dispatchReturned = DispatchSemaphore(value: 0)
        let ran = expectation(description: "work ran")
        var returnedFirst: Bool?
        AsyncQueue.global.dispatch {
            // Were dispatch synchronous, it could not return while this waits: the wait times out.
            returnedFirst = dispatchReturned.wait(timeout: .now() + 1) == .success
            ran.fulfill()
        }
        dispatchReturned.signal()
        wait(for: [ran], timeout: 5)
        XCTAssertEqual(returnedFirst, true)
    }

    func testAsyncQueueMainRunsTheWorkLaterOnTheMainThread() {
        let ran = expectation(description: "work ran")
        var ranOnMainThread: Bool?
        AsyncQueue.main.dispatch {
            ranOnMainThread = Thread.isMainThread
            ran.fulfill()
        }
        XCTAssertNil(ranOnMainThread, "the main queue cannot run it while this test holds the main thread")
        wait(for: [ran], timeout: 5)
        XCTAssertEqual(ranOnMainThread, true)
    }

    func testAsyncQueueBackgroundRunsTheWorkOffTheMainThread() {
        let ran = expectation(description: "work ran")
        var ranOnMainThread: Bool?
        AsyncQueue.background.dispatch {
            ranOnMainThread = Thread.isMainThread
            ran.fulfill()
        }
        wait(for: [ran], timeout: 5)
        XCTAssertEqual(ranOnMainThread, false)
    }
}

final class MockingMessageLoaderTests: XCTestCase {
    func testWithTheAppsQueuesTheWelcomeMessageArrivesLaterOnTheMainThread() {
        let loaded = expectation(description: "loaded")
        var message: Message?
        var onMainThread: Bool?
        MessageLoader().load {
            message = $0
            onMainThread = Thread.isMainThread
            loaded.fulfill()
        }
        XCTAssertNil(message, "load must not call back before it returns when the queues are async")
        wait(for: [loaded], timeout: 5)
        XCTAssertEqual(message, .welcome)
        XCTAssertEqual(onMainThread, true)
    }

    func testWithSyncQueuesTheWelcomeMessageArrivesBeforeLoadReturns() {
        var messages: [Message] = []
        MessageLoader(main: SyncQueue.global, background: SyncQueue.background).load { messages.append($0) }
        XCTAssertEqual(messages, [.welcome])
    }
}
