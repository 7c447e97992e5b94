import XCTest
import Expectations

// Runs the main run loop a fixed 100 ms, then checks what the observer saw.
final class PlaylistNotificationTests: XCTestCase {
    func testAddingATrackNotifiesOnceTheNewPlaylistIsInPlace() {
        let store = PlaylistStore()
        let track = Track(trackName: "The Boxer", artistName: "Simon & Garfunkel")
        var seen: [Track]?
        let observer = NotificationCenter.default.addObserver(forName: .playlistDidChange, object: store, queue: nil) { _ in
            seen = store.tracks
        }
        defer { NotificationCenter.default.removeObserver(observer) }

        store.add(track)
        RunLoop.current.run(until: Date().addingTimeInterval(0.1))

        XCTAssertEqual(seen, [track])
    }
}
