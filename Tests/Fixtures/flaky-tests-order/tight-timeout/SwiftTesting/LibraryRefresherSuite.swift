// Exercise flaky-tests-order (Swift Testing): An order nobody promised.
import Foundation
import Testing
import FlakyTests

// This test waited properly for the completion, and it had never failed here. It expected the
// albums, then the playlists, because that is the order they had always come in: the refresher
// reads the albums first. But it reads the two shelves on two queues, and its contract says that
// each shelf is reported once, in no promised order. The day the playlists were read first (a
// faster disk, both reads at once, another machine's scheduler), the test failed, though the
// screen was as right as ever.
//
// The idea: assert what the contract guarantees, not an order you happened to see. Compare the
// shelves whatever their order, and check what is promised: each shelf exactly once, with its
// items sorted, all reported before the completion.
@Suite struct LibraryRefresherSuite {
    @Test func refreshReportsEachShelfOnceThenCompletes() async throws {
        let refresher = LibraryRefresher(albums: ["Bookends", "Abbey Road"], playlists: ["Road trip", "Focus"])
        // What was reported when the completion came (reports and completion share one queue).
        // Both reads take microseconds: a third of a second is plenty.
        let shelvesWhenDone: [Shelf] = try await awaitCallback(timeout: 0.3) { done in
            var shelves: [Shelf] = []
            refresher.refresh(onShelf: { shelves.append($0) }, completion: { done(shelves) })
        }
        // Sorted by title: the order they came in is not part of the contract. Everything else is:
        // each shelf once (a duplicate makes three), with its items sorted by name.
        #expect(shelvesWhenDone.sorted { $0.title < $1.title } == [
            Shelf(title: "Albums", items: ["Abbey Road", "Bookends"]),
            Shelf(title: "Playlists", items: ["Focus", "Road trip"]),
        ], "each shelf should be reported once, before the completion, in any order")
    }
}
