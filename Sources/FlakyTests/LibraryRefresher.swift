import Foundation

/// One section of the library screen: a title and its items, sorted by name.
public struct Shelf: Equatable {
    public let title: String
    public let items: [String]

    public init(title: String, items: [String]) {
        self.title = title
        self.items = items
    }
}

/// Refreshes the library screen's two shelves, albums and playlists, each read on a queue of its
/// own, and reports each shelf as soon as it is read, so that the screen shows it at once. Once
/// both are reported it calls `completion`. Reports and completion come on `callbackQueue`.
///
/// Each shelf is reported exactly once. Their order is not part of the contract: today the
/// playlists are read after the albums, to spare the disk, but the two reads do not depend on each
/// other, and a later version may read them the other way round, or both at once.
public final class LibraryRefresher {
    private let albums: [String]
    private let playlists: [String]
    private let albumsQueue = DispatchQueue(label: "LibraryRefresher.albums")
    private let playlistsQueue = DispatchQueue(label: "LibraryRefresher.playlists")
    private let callbackQueue: DispatchQueue

    /// `albums` and `playlists` stand in for what the app reads from disk.
    public init(albums: [String], playlists: [String],
                callbackQueue: DispatchQueue = DispatchQueue(label: "LibraryRefresher.callbacks")) {
        self.albums = albums
        self.playlists = playlists
        self.callbackQueue = callbackQueue
    }

    public func refresh(onShelf: @escaping (Shelf) -> Void, completion: @escaping () -> Void) {
        albumsQueue.async {
            let albums = Shelf(title: "Albums", items: self.albums.sorted())
            self.callbackQueue.async { onShelf(albums) }
            self.playlistsQueue.async {
                let playlists = Shelf(title: "Playlists", items: self.playlists.sorted())
                self.callbackQueue.async {
                    onShelf(playlists)
                    completion()
                }
            }
        }
    }
}
