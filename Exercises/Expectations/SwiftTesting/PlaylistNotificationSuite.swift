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

        // TODO: Write `observations` (below). Start observing `.playlistDidChange` from `store`,
        // yielding `store.tracks` as each one arrives, *before* adding the track; add it, then
        // take the first element and check that the new track was in place.
        Issue.record("TODO: await .playlistDidChange from this store as an AsyncStream, then check what it saw")
        _ = (store, track)
    }
}

extension NotificationCenter {
    /// The notifications named `name` from `object` that arrive within `window`, each turned into
    /// an element by `observe` as it is delivered. The stream finishes when the window closes.
    fileprivate func observations<Element>(of name: Notification.Name, from object: AnyObject,
                                           within window: Duration,
                                           _ observe: @escaping (Notification) -> Element) -> AsyncStream<Element> {
        // TODO: In `AsyncStream { continuation in … }`, add an observer (`addObserver(forName:
        // object:queue:using:)`) that yields `observe(notification)`, start a `Task` that finishes
        // the stream after `window`, and remove the observer in `continuation.onTermination`.
        AsyncStream { $0.finish() }
    }
}
