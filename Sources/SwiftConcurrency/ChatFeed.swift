import Foundation

/// The chat room as it arrives: the server streams one JSON message per line, and the feed calls
/// `onMessage` for each one it can read.
///
/// `lines` is whatever yields those lines; in the app, the lines of a long-lived HTTP response.
public struct ChatFeed: Sendable {
    private let lines: AsyncStream<String>

    public init(lines: AsyncStream<String>) {
        self.lines = lines
    }

    /// Delivers every message to `onMessage`, in order, and returns when the server closes the
    /// stream. A line that is not a message (a keep-alive, a garbled chunk) is skipped.
    public func listen(onMessage: @escaping @Sendable (Message) -> Void) async {
        let decoder = JSONDecoder()
        for await line in lines {
            guard let message = try? decoder.decode(Message.self, from: Data(line.utf8)) else {
                continue
            }
            onMessage(message)
        }
    }
}
