// Exercise swift-concurrency-runner, part 1 of 2: MockAsyncRunner.
//
// `SignUpViewModel` checks a new e-mail address from a `didSet`, which cannot `await`, so the
// check runs as fire-and-forget work. With the app's `TaskRunner`, a test could only guess when
// that work is done.
//
// The idea: a runner that keeps the work instead of starting it. The test then runs it, and awaits
// it, exactly when it wants to: after checking the state before the answer, in any order.

import SwiftConcurrency

final class MockAsyncRunner: AsyncRunner {
    /// Keeps `operation` for later; nothing runs until the test says so.
    func run(_ operation: @escaping @Sendable () async -> Void) {
        // TODO: Keep the operation. The view model calls this from the main actor and the test may
        // read it from elsewhere: a Locked<[@Sendable () async -> Void]> keeps Swift 6 happy.
    }

    /// Runs every operation kept so far, one after the other, and returns when all have finished.
    func runAll() async {
        // TODO: Take the operations kept so far and await each one.
    }
}
