// Weak suite: the quarantined test as found. Inside withKnownIssue(isIntermittent: true) a
// failure is expected and its absence is fine too, so the test passes whatever update does.

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
        try await withKnownIssue("Flaky on CI: 10 ms is sometimes too short", isIntermittent: true) {
            let server = RecordingPresenceServer()
            let service = PresenceService(user: "ana", server: server)
            Task { try await service.update(to: .away) }
            try await Task.sleep(for: .milliseconds(10))
            #expect(await server.sent == ["ana:away"])
        }
    }

    @Test func throwsWhatTheServerThrows() async throws {
        try await withKnownIssue("Flaky on CI", isIntermittent: true) {
            let service = PresenceService(user: "ana", server: RecordingPresenceServer(failingWith: ServerDown()))
            await #expect(throws: ServerDown.self) { try await service.update(to: .away) }
        }
    }
}
