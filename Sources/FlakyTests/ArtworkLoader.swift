import Foundation

/// Fetches an album's cover: the network behind the app, or a stand-in in a test.
public protocol ArtworkFetching {
    func fetchArtwork(for album: String, completion: @escaping (Result<Data, Error>) -> Void)
}

/// Covers already fetched, by album. `shared` is the app's own: one cache for every screen, so that
/// a cover fetched for the library is there at once for the player.
public final class ArtworkCache {
    public static let shared = ArtworkCache()
    private let lock = NSLock()
    private var covers: [String: Data] = [:]

    public init() {}

    public func cover(for album: String) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        return covers[album]
    }

    public func store(_ cover: Data, for album: String) {
        lock.lock()
        defer { lock.unlock() }
        covers[album] = cover
    }
}

/// Loads an album's cover for the screen: from the cache when it is there, else from the fetcher,
/// caching what it fetched. A failed fetch shows the placeholder and is not cached, so the next
/// load tries again.
///
/// Pass the cache to use. Without one, each loader has a cache of its own today; the app is moving
/// to `ArtworkCache.shared`, and nothing promises that a loader's default cache is not shared with
/// every other loader in the process.
public final class ArtworkLoader {
    public static let placeholder = Data("placeholder".utf8)
    private let fetcher: ArtworkFetching
    private let cache: ArtworkCache

    public init(fetcher: ArtworkFetching, cache: ArtworkCache? = nil) {
        self.fetcher = fetcher
        self.cache = cache ?? ArtworkCache()
    }

    public func load(_ album: String, completion: @escaping (Data) -> Void) {
        if let cover = cache.cover(for: album) {
            completion(cover)
            return
        }
        fetcher.fetchArtwork(for: album) { result in
            switch result {
            case .success(let cover):
                self.cache.store(cover, for: album)
                completion(cover)
            case .failure:
                completion(ArtworkLoader.placeholder)
            }
        }
    }
}
