// Exercise expectations-notification: Wait for a notification.

import XCTest
import Expectations

// Every screen that shows the playlist observes `.playlistDidChange` from the `PlaylistStore` and
// reads `tracks` when it arrives. `add` saves on a background queue and posts later, on the main
// queue. A test needs to wait for the notification, from this store, and to see what an observer
// would see at that moment.
//
// The idea: `XCTNSNotificationExpectation` is fulfilled by a notification, filtered by name and
// object like a real observer. Its handler runs as the notification is delivered and decides
// whether this notification counts.
final class PlaylistNotificationTests: XCTestCase {
    func testAddingATrackNotifiesOnceTheNewPlaylistIsInPlace() {
        let store = PlaylistStore()
        let track = Track(trackName: "The Boxer", artistName: "Simon & Garfunkel")
        // `object: store`, as the screens observe it: a notification from anyone else won't do.
        let playlistChanged = XCTNSNotificationExpectation(name: .playlistDidChange, object: store)
        // Checked on delivery, when the screens read `tracks`; after the wait would be too late
        // to notice a store that posts first and updates afterwards.
        playlistChanged.handler = { _ in store.tracks == [track] }

        store.add(track)

        // Saving took 250 ms at most when this was written: 0.4 s is plenty, surely.
        wait(for: [playlistChanged], timeout: 0.4)
    }
}
