import Foundation

public enum HandshakeError: Error, Equatable {
    /// The server said `DENIED <reason>`.
    case refused(String)
    /// The server closed the connection before it was ready.
    case closed
}

/// The opening of a chat connection. The server sends `HELLO <name>`, maybe a few other lines,
/// then `READY`, and keeps the connection open for the chat that follows. `DENIED <reason>` instead
/// means it refuses.
///
/// Code that waits on a server can wait forever, and a test that awaits it then hangs: no failure,
/// no message, until something kills the run. Swift Testing's `.timeLimit` is the guard against
/// that, but it counts in whole minutes. A test that wants to fail within a second needs a bound
/// of its own around the await.
public struct Handshake: Sendable {
    private let lines: AsyncStream<String>

    public init(lines: AsyncStream<String>) {
        self.lines = lines
    }

    /// Waits until the server is ready, and returns the name it said hello with.
    public func perform() async throws -> String {
        var server = ""
        for await line in lines {
            if line.hasPrefix("HELLO ") {
                server = String(line.dropFirst("HELLO ".count))
            } else if line == "READY" {
                return server
            } else if line.hasPrefix("DENIED") {
                throw HandshakeError.refused(String(line.dropFirst("DENIED".count)).trimmingCharacters(in: .whitespaces))
            }
        }
        throw HandshakeError.closed
    }
}
