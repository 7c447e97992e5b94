import Foundation

/// Imports tracks into the library one at a time, on a background queue.
///
/// The import screen shows a progress bar: `progress` is called on the main queue once per track
/// imported, with the number done so far, and `completion` after the last one.
public final class TrackImporter {
    /// The tracks imported so far; touched only on `importing`.
    private var library: [Track] = []
    private let importing = DispatchQueue(label: "TrackImporter.importing")

    public init() {}

    public func importTracks(_ tracks: [Track], progress: @escaping (Int) -> Void,
                             completion: @escaping () -> Void) {
        importing.async {
            for (index, track) in tracks.enumerated() {
                self.library.append(track)
                DispatchQueue.main.async {
                    progress(index + 1)
                }
            }
            DispatchQueue.main.async {
                completion()
            }
        }
    }
}
