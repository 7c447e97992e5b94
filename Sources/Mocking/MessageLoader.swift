import Foundation

/// A message shown in the app's inbox.
public struct Message: Equatable {
    public let author: String
    public let text: String

    public init(author: String, text: String) {
        self.author = author
        self.text = text
    }

    /// Every user is greeted with this, even before they have any other messages.
    public static let welcome = Message(author: "The App", text: "Welcome to the app!")
}

/// Loads the inbox's message: the slow part on a background queue, the callback on the main
/// queue, where the UI may be touched.
///
/// Both queues are injected. The app uses the defaults, `AsyncQueue`s, so `load` returns at once
/// and the callback comes later. A test passes queues that run work before `dispatch` returns,
/// so the callback has run by the time `load` returns.
public final class MessageLoader {
    private let main: Dispatching
    private let background: Dispatching

    public init(main: Dispatching = AsyncQueue.main, background: Dispatching = AsyncQueue.background) {
        self.main = main
        self.background = background
    }

    public func load(_ completion: @escaping (Message) -> Void) {
        background.dispatch {
            let message = self.readMessage()
            self.main.dispatch {
                completion(message)
            }
        }
    }

    /// Stands in for the slow part: reading the inbox from disk or the network.
    private func readMessage() -> Message {
        return .welcome
    }
}
