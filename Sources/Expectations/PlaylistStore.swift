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
///
/// An `NSObject`, as an object that others observe by notification usually is: before Swift 6.3,
/// swift-corelibs-foundation matched an observer's `object:` to the poster by identity after
/// boxing it (`__SwiftValue.store`, Sources/Foundation/Bridging.swift at swift-6.2.3-RELEASE),
/// and a plain Swift object got a new box each time, so `object: store` never matched on Linux.
public final class PlaylistStore: NSObject {
    /// The playlist as last saved. Read it on the main queue.
    public private(set) var tracks: [Track] = []
    /// The playlist as being saved; touched only on `saving`.
    private var saved: [Track] = []
    private let saving = DispatchQueue(label: "PlaylistStore.saving")

    public override init() {}

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
