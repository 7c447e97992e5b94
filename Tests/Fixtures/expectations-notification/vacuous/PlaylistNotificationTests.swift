import XCTest
import Expectations

// Observes the notification and asserts in the observer, but never waits: the test is over before it is posted.
final class PlaylistNotificationTests: XCTestCase {
    func testAddingATrackNotifiesOnceTheNewPlaylistIsInPlace() {
        let store = PlaylistStore()
        let track = Track(trackName: "The Boxer", artistName: "Simon & Garfunkel")
        let observer = NotificationCenter.default.addObserver(forName: .playlistDidChange, object: store, queue: nil) { _ in
            XCTAssertEqual(store.tracks, [track])
        }
        defer { NotificationCenter.default.removeObserver(observer) }

        store.add(track)
    }
}
