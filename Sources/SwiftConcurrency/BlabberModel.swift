import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The model behind Blabber's chat screen: it posts what the user says to the chat server.
///
/// It has two seams, both there for tests:
/// - `urlSession`: give it a session whose configuration lists a `URLProtocol` stub, and no request
///   ever leaves the process;
/// - `sleep`: `countdown(to:)` waits a whole second between messages, four seconds in all, and a
///   test has no reason to wait with it.
@MainActor
public final class BlabberModel {
    /// Where `say(_:)` posts.
    public nonisolated static let sayURL = URL(string: "http://localhost:8080/chat/say")!

    public var username: String
    public let urlSession: URLSession

    /// How the countdown waits between two messages, in nanoseconds.
    public var sleep: @Sendable (UInt64) async throws -> Void = { try await Task.sleep(nanoseconds: $0) }

    public init(username: String, urlSession: URLSession = .shared) {
        self.username = username
        self.urlSession = urlSession
    }

    /// Posts `text` to the chat as a message from `username`, and returns once the server has
    /// accepted it.
    public func say(_ text: String) async throws {
        guard !text.isEmpty else { return }
        var request = URLRequest(url: Self.sayURL)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(Message(user: username, message: text))
        let (_, response) = try await urlSession.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw BlabberError.serverRejected
        }
    }

    /// Says "3...", "2...", "1..." and then "🎉 " + `message`, one second apart, so the whole room
    /// can count along.
    public func countdown(to message: String) async throws {
        guard !message.isEmpty else { return }
        var countdown = 3
        while countdown >= 0 {
            try await sleep(1_000_000_000)
            if countdown > 0 {
                try await say("\(countdown)...")
            } else {
                try await say("🎉 " + message)
            }
            countdown -= 1
        }
    }
}

public enum BlabberError: Error, Equatable {
    case serverRejected
}
