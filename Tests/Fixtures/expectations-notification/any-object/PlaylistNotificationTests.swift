import XCTest
import Expectations

// Accepts the notification from any object, so a store that posts it without itself as the object passes.
final class PlaylistNotificationTests: XCTestCase {
    func testAddingATrackNotifiesOnceTheNewPlaylistIsInPlace() {
        let store = PlaylistStore()
        let track = Track(trackName: "The Boxer", artistName: "Simon & Garfunkel")
        let playlistChanged = XCTNSNotificationExpectation(name: .playlistDidChange)
        playlistChanged.handler = { _ in store.tracks == [track] }

        store.add(track)

        wait(for: [playlistChanged], timeout: 1)
    }
}
