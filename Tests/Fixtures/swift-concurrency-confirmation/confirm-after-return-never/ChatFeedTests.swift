// Weak in a way that never shows: the test would catch a feed that delivers a message twice, if
// its confirmation were still counting. The body returns as soon as listening has started, and
// `expectedCount: 0` is met at that moment; every later call to `deliveredTwice()` is ignored.

import Foundation
import SwiftConcurrency
import Testing

@Suite struct ChatFeedTests {
    @Test func neverDeliversAMessageTwice() async {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        let feed = ChatFeed(lines: lines)
        let seen = Locked<Set<String>>([])

        await confirmation("a message arrives twice", expectedCount: 0) { deliveredTwice in
            Task {
                await feed.listen { message in
                    if !seen.withLock({ $0.insert(message.message).inserted }) {
                        deliveredTwice()
                    }
                }
            }
        }
        server.yield(#"{"user":"Ana","message":"Hi!"}"#)
        server.yield("keep-alive")
        server.yield(#"{"user":"Ben","message":"Hello, Ana"}"#)
        server.finish()
    }
}
