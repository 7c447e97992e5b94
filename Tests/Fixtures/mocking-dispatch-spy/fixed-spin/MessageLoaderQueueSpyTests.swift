// Keeps the loader's real queues and spins the main run loop a fixed 150 ms "to be safe", then
// checks the callback came on the main thread: a loader that takes 200 ms to read is rejected
// although it is correct. A spy queue would have answered at once, with no window to guess.
import XCTest
import Mocking

final class MessageLoaderQueueSpyTests: XCTestCase {
    func testLoadCallsBackOnceOnTheMainQueue() {
        let loader = MessageLoader()
        var calledOnMain: [Bool] = []

        loader.load { _ in calledOnMain.append(Thread.isMainThread) }
        RunLoop.current.run(until: Date().addingTimeInterval(0.15))

        XCTAssertEqual(calledOnMain, [true], "expected exactly one callback, on the main thread")
    }
}
