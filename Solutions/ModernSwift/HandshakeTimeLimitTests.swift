// Exercise modern-swift-time-limit: `.timeLimit` guards against hangs; your own bound fails fast.
//
// `Handshake.perform()` waits for the chat server: `HELLO <name>`, maybe other lines, then `READY`,
// and the server keeps the connection open. `DENIED <reason>` means it refuses. Code like this can
// wait forever (a missed `READY`, a `DENIED` it skips), and a test that simply awaits it then hangs.
//
// Swift Testing's `.timeLimit` stops such a test, but only in whole minutes (at least one): it is a
// guard that keeps a hang from blocking the run, not a timeout for a handshake that takes
// milliseconds. A test that wants to *fail* within a second needs its own bound around the await:
// `withTimeout` below races the work against a timer, TimeoutTask-style, and throws when the timer
// wins. Use both: the trait for whatever you did not think of, the bound where you await.
//
// The idea: a test that hangs catches nothing, even if something kills it later. Bound every
// await of code that might never answer, and size the bound well above how long a correct answer
// can take.
//
// Availability: `.timeLimit` needs macOS 13 (the kata's minimum) and any Swift 6 toolchain.

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

        // The bound: a correct handshake answers in milliseconds; one that waits forever fails here
        // after a second, with a message, instead of hanging the run.
        let name = try await withTimeout(.seconds(1)) { try await handshake.perform() }

        #expect(name == "kata-chat")
    }

    @Test func throwsWhenTheServerRefuses() async {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        server.yield("HELLO kata-chat")
        server.yield("DENIED server full")
        let handshake = Handshake(lines: lines)

        await #expect(throws: HandshakeError.refused("server full")) {
            try await withTimeout(.seconds(1)) { try await handshake.perform() }
        }
    }
}
