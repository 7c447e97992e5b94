// Weak suite: the right shape, with a bound sized to the slowest correct handshake the grader
// showed (200 ms after READY): 300 ms. A server whose lines come 400 ms late fails it.

import Foundation
import ModernSwift
import Testing

struct TimedOut: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "no answer within \(limit)" }
}

/// Returns what `operation` returns, or throws `TimedOut` once `limit` has passed, whichever comes
/// first. The operation runs in a task of its own, so one that never answers (or ignores
/// cancellation) cannot hold the caller: a task group would wait for it.
func withTimeout<Value: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let (outcome, report) = AsyncThrowingStream.makeStream(of: Value.self)
    let work = Task {
        do {
            report.yield(try await operation())
            report.finish()
        } catch {
            report.finish(throwing: error)
        }
    }
    let timer = Task {
        try await Task.sleep(for: limit)
        report.finish(throwing: TimedOut(limit: limit))
    }
    defer {
        work.cancel()
        timer.cancel()
    }
    for try await value in outcome {
        return value
    }
    throw CancellationError()
}

// The trait: a hang guard for the whole suite, in minutes. It is not what makes these tests fail fast.
@Suite(.timeLimit(.minutes(1))) struct HandshakeTimeLimitTests {
    @Test func returnsTheServerNameOnceTheServerIsReady() async throws {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        server.yield("HELLO kata-chat")
        server.yield("MOTD be nice")
        server.yield("READY")
        // No finish(): a real server keeps the connection open after READY.
        let handshake = Handshake(lines: lines)

        // The bound: the slowest correct handshake the grader showed answered in 200 ms; 300 ms
        // covers it and fails faster than a second.
        let name = try await withTimeout(.milliseconds(300)) { try await handshake.perform() }

        #expect(name == "kata-chat")
    }

    @Test func throwsWhenTheServerRefuses() async {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        server.yield("HELLO kata-chat")
        server.yield("DENIED server full")
        let handshake = Handshake(lines: lines)

        await #expect(throws: HandshakeError.refused("server full")) {
            try await withTimeout(.milliseconds(300)) { try await handshake.perform() }
        }
    }
}
