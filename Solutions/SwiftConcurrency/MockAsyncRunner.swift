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
    private let operations = Locked<[@Sendable () async -> Void]>([])

    /// Keeps `operation` for later; nothing runs until the test says so.
    func run(_ operation: @escaping @Sendable () async -> Void) {
        operations.withLock { $0.append(operation) }
    }

    /// Hands over every operation kept so far, in the order they came, and forgets them.
    func takeAll() -> [@Sendable () async -> Void] {
        operations.withLock { operations in
            defer { operations = [] }
            return operations
        }
    }

    /// Runs every operation kept so far, one after the other, and returns when all have finished.
    func runAll() async {
        for operation in takeAll() {
            await operation()
        }
    }
}
