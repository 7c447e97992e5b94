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
    @Test func sendsTheNewStatusInLowerCase() async throws {
        // The quarantined test, as found. It can never fail.
        await withKnownIssue("Flaky on CI: 10 ms is sometimes too short", isIntermittent: true) {
            let server = RecordingPresenceServer()
            let service = PresenceService(user: "ana", server: server)
            Task { try await service.update(to: .away) }
            try await Task.sleep(for: .milliseconds(10))
            #expect(await server.sent == ["ana:away"])
        }

        // TODO: remove the quarantine above and await service.update(to: .away) instead of
        // starting a Task and sleeping. Then test that an unchanged status sends nothing the second
        // time, and that update throws what the server throws (RecordingPresenceServer(failingWith:)).
        Issue.record("TODO: fix the quarantined test instead of hiding it (PresenceQuarantineTests.swift)")
    }
}
