// Exercise modern-swift-known-issue: a quarantined test catches nothing; fix it instead.
//
// `PresenceService.update(to:)` tells the server when the user's status changes: in lower case,
// only when it changed, and it throws what the server throws. Its old test started `update` in a
// `Task`, slept 10 ms and checked the server. On a busy CI machine 10 ms was sometimes too short,
// so someone quarantined it with `withKnownIssue(isIntermittent: true)`: "this may fail, and may
// not". It has been green ever since, and it will stay green whatever `update` does, because
// every failure inside it is now expected. A quarantined test is a test switched off.
//
// `withKnownIssue` is for a real bug you can't fix yet, tracked elsewhere; `isIntermittent: true`
// also accepts "it did not happen this time". For a test that is flaky because it guesses how long
// async work takes, the cure is not a quarantine: `update` is `async`, so await it.
//
// The idea: replace the sleep with an await, and the quarantine with assertions that fail.

import Foundation
import ModernSwift
import Testing

/// Records what reaches the server, or refuses everything with `error`.
actor RecordingPresenceServer: PresenceServer {
    private(set) var sent: [String] = []
    private let error: (any Error)?

    init(failingWith error: (any Error)? = nil) {
        self.error = error
    }

    func send(status: String, for user: String) async throws {
        if let error { throw error }
        sent.append("\(user):\(status)")
    }
}

struct ServerDown: Error {}

@Suite struct PresenceQuarantineTests {
    // The quarantine is gone: no Task to start, no sleep to guess, no known issue to hide behind.
    @Test func sendsTheNewStatusInLowerCase() async throws {
        let server = RecordingPresenceServer()
        let service = PresenceService(user: "ana", server: server)

        try await service.update(to: .away)

        #expect(await server.sent == ["ana:away"])
    }

    @Test func sendsNothingWhenTheStatusDidNotChange() async throws {
        let server = RecordingPresenceServer()
        let service = PresenceService(user: "ana", server: server)

        try await service.update(to: .busy)
        try await service.update(to: .busy)

        #expect(await server.sent == ["ana:busy"])
    }

    @Test func throwsWhatTheServerThrows() async {
        let service = PresenceService(user: "ana", server: RecordingPresenceServer(failingWith: ServerDown()))

        await #expect(throws: ServerDown.self) {
            try await service.update(to: .away)
        }
    }
}
