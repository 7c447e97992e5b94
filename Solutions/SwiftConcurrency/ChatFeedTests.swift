// Exercise swift-concurrency-confirmation: Swift Testing's confirmation.
//
// `ChatFeed.listen(onMessage:)` calls you back once for every message the server streams, and
// skips the lines it cannot read. How many times it calls back is the whole point, so that is
// what to test.
//
// The idea: Swift Testing's `confirmation` counts the calls, and fails if the count is off. It
// counts only what happens before its body returns, and it never waits: no timeout, no run loop
// (there is no main thread here to spin). So the body must await whatever produces the events;
// here `listen` itself returns once the stream has ended.

import Foundation
import SwiftConcurrency
import Testing

@Suite struct ChatFeedTests {
    @Test func deliversEveryMessageOnceAndSkipsLinesThatAreNotMessages() async {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        server.yield(#"{"user":"Ana","message":"Hi!"}"#)
        server.yield("keep-alive")
        server.yield(#"{"user":"Ben","message":"Hello, Ana"}"#)
        server.finish()
        let feed = ChatFeed(lines: lines)
        let received = Locked<[Message]>([])

        await confirmation("a message arrives", expectedCount: 2) { messageArrived in
            // Awaited inside the body: every call happens before the confirmation counts.
            await feed.listen { message in
                received.withLock { $0.append(message) }
                messageArrived()
            }
        }

        #expect(received.value.map(\.message) == ["Hi!", "Hello, Ana"])
    }

    @Test func staysSilentWhenNothingOnTheLineIsAMessage() async {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        server.yield("keep-alive")
        server.yield("{}")
        server.finish()
        let feed = ChatFeed(lines: lines)

        // expectedCount: 0 means "never", but only "never before the body returned": that is
        // a real guarantee here because `listen` returns after the last line.
        await confirmation("a message arrives", expectedCount: 0) { messageArrived in
            await feed.listen { _ in messageArrived() }
        }
    }
}
