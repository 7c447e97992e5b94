// Exercise expectations-notification (Swift Testing): wait for a notification.
import Foundation
import Testing
import Expectations

// Every screen that shows the playlist observes `.playlistDidChange` from the `PlaylistStore` and
// reads `tracks` when it arrives. `add` saves on a background queue and posts later, on the main
// queue. A test needs to wait for the notification, from this store, and to see what an observer
// would see at that moment.
//
// The idea: a notification becomes an `AsyncSequence`, which an `async` test iterates. Apple's
// `NotificationCenter.notifications(named:object:)` does not exist in swift-corelibs-foundation
// (Linux), so bridge it with an `AsyncStream`: an observer filtered by name and object, like the
// screens', that yields what it sees *as the notification is delivered* (after the `await` is too
// late to notice a store that posts first and updates afterwards). Finish the stream when the
// window closes, so that a notification that never comes ends the wait instead of hanging it.
@Suite struct PlaylistNotificationSuite {
    @Test func addingATrackNotifiesOnceTheNewPlaylistIsInPlace() async throws {
        let store = PlaylistStore()
        let track = Track(trackName: "The Boxer", artistName: "Simon & Garfunkel")

        // Observing starts here, before the add, so that no notification can slip past.
        // `from: store`, as the screens observe it: a notification from anyone else won't do.
        // `store.tracks` is read on delivery, when the screens read it.
        let playlists = NotificationCenter.default.observations(of: .playlistDidChange, from: store,
                                                                within: .seconds(1)) { _ in store.tracks }

        store.add(track)

        // The first notification, or nil once the window has closed without one.
        var iterator = playlists.makeAsyncIterator()
        let playlist = try #require(await iterator.next(), "no .playlistDidChange from this store within 1 s")
        #expect(playlist == [track], "observers must find the new track in place when notified")
    }
}

extension NotificationCenter {
    /// The notifications named `name` from `object` that arrive within `window`, each turned into
    /// an element by `observe` as it is delivered. The stream finishes when the window closes.
    fileprivate func observations<Element>(of name: Notification.Name, from object: AnyObject,
                                           within window: Duration,
                                           _ observe: @escaping (Notification) -> Element) -> AsyncStream<Element> {
        AsyncStream { continuation in
            // `queue: nil`: the block runs as the notification is posted, on the poster's queue,
            // so `observe` sees what every other observer sees at that moment.
            // (`nonisolated(unsafe)`: the token is only handed back to `removeObserver`, which is
            // safe from any thread.)
            nonisolated(unsafe) let observer = addObserver(forName: name, object: object, queue: nil) { notification in
                continuation.yield(observe(notification))
            }
            // The window: without it, a notification that never comes would hang the test.
            let timer = Task {
                try? await Task.sleep(for: window)
                continuation.finish()
            }
            continuation.onTermination = { _ in
                timer.cancel()
                self.removeObserver(observer)
            }
        }
    }
}
