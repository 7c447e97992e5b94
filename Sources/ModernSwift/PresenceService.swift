import Foundation

public enum Status: String, Sendable {
    case available, away, busy
}

/// The server that keeps everyone's status. It wants the status in lower case.
public protocol PresenceServer: Sendable {
    func send(status: String, for user: String) async throws
}

/// Tells the server when the user's status changes.
///
/// Its old test started `update` in a `Task`, slept 10 ms and checked the server: green on a
/// laptop, red now and then on a busy CI machine. Someone wrapped it in
/// `withKnownIssue(isIntermittent: true)` to quiet it, and it has been green ever since, whatever
/// this code does. The fix is in the test, not here: `update` is `async`, so a test can await it.
public final class PresenceService: Sendable {
    private let user: String
    private let server: any PresenceServer
    private let known = Locked<Status?>(nil)

    public init(user: String, server: any PresenceServer) {
        self.user = user
        self.server = server
    }

    /// Sends `status` to the server, unless it is the status the server already has. Throws what
    /// the server throws, and then remembers nothing.
    public func update(to status: Status) async throws {
        if known.value == status {
            return
        }
        try await server.send(status: status.rawValue, for: user)
        known.withLock { $0 = status }
    }
}
