import Foundation

extension Notification.Name {
    /// Posted by a `PlaylistStore`, as the notification's object, on the main queue once its
    /// `tracks` have changed.
    public static let playlistDidChange = Notification.Name("PlaylistStoreDidChange")
}

/// The user's playlist. Several screens show it: they observe `.playlistDidChange` and read
/// `tracks` when it arrives, so the store must update `tracks` before it posts.
///
/// Changes are saved on a serial queue, so that saves from several screens never interleave, and
/// then published on the main queue, where the screens read them.
public final class PlaylistStore {
    /// The playlist as last saved. Read it on the main queue.
    public private(set) var tracks: [Track] = []
    /// The playlist as being saved; touched only on `saving`.
    private var saved: [Track] = []
    private let saving = DispatchQueue(label: "PlaylistStore.saving")

    public init() {}

    public func add(_ track: Track) {
        saving.async {
            self.saved.append(track)
            let snapshot = self.saved
            DispatchQueue.main.async {
                self.tracks = snapshot
                NotificationCenter.default.post(name: .playlistDidChange, object: self)
            }
        }
    }
}
