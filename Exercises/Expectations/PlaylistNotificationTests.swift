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

        // TODO: Create an `XCTNSNotificationExpectation` for `.playlistDidChange` from `store`, with a
        // handler that checks `store.tracks` as the notification arrives; add the track; wait.
        XCTFail("TODO: wait for .playlistDidChange from this store with XCTNSNotificationExpectation")
        _ = (store, track)
    }
}
