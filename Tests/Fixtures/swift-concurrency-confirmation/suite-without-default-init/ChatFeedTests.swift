// Fixture: a suite whose only initializer takes an argument. Swift Testing's @Test macro cannot
// make it, and the compiler reports the error inside the macro's expansion, not at a line of
// this file. The grader still charges it to this exercise: does not compile, every other
// exercise graded as usual.

import Testing

@Suite struct ChatFeedTests {
    let feed: Int
    init(feed: Int) { self.feed = feed }
    @Test func deliversEveryMessage() {}
}
