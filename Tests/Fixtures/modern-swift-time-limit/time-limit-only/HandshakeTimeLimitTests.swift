// Weak suite: relies on .timeLimit alone. On a handshake that never answers, the test does not
// fail: it waits, and the run is killed long before the one-minute limit would stop it.

import Foundation
import ModernSwift
import Testing

@Suite(.timeLimit(.minutes(1))) struct HandshakeTimeLimitTests {
    @Test func returnsTheServerNameOnceTheServerIsReady() async throws {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        server.yield("HELLO kata-chat")
        server.yield("READY")
        #expect(try await Handshake(lines: lines).perform() == "kata-chat")
    }

    @Test func throwsWhenTheServerRefuses() async {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        server.yield("DENIED server full")
        await #expect(throws: HandshakeError.refused("server full")) { try await Handshake(lines: lines).perform() }
    }
}
