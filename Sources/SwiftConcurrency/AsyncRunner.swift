/// Starts async work from a place that cannot `await`: a `didSet`, a button action, a delegate
/// callback.
///
/// Code that writes `Task { … }` there hands its test a race: the test cannot await a task it
/// never sees, so it either asserts too early or sleeps and hopes. Code that asks a runner instead
/// lets a test pass a runner that keeps the work and runs it when the test says so.
public protocol AsyncRunner: Sendable {
    func run(_ operation: @escaping @Sendable () async -> Void)
}

/// The runner the app uses: every operation becomes an unstructured `Task`, fired and forgotten.
public struct TaskRunner: AsyncRunner {
    public init() {}

    public func run(_ operation: @escaping @Sendable () async -> Void) {
        Task { await operation() }
    }
}
