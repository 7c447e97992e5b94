import Foundation

/// Titles the app has already loaded. Its lookup is `async` because the cache may one day read
/// from disk, but today a hit is a dictionary read.
///
/// Until Swift 6.2, every `nonisolated async` function ran on the global executor: a call from the
/// main actor hopped off it and back, so even a dictionary read suspended the caller twice. Swift
/// 6.2 adds `nonisolated(nonsending)`: the function runs on the *caller's* actor, and suspends only
/// where it really waits. (It is the default for nonisolated async functions with the upcoming
/// feature `NonisolatedNonsendingByDefault`; this module spells it on the declaration, so the rest
/// of the package keeps its settings. `@concurrent` asks for the old hop.)
public final class TitleCache: Sendable {
    private let titles: Locked<[Int: String]>

    public init(_ titles: [Int: String] = [:]) {
        self.titles = Locked(titles)
    }

    #if compiler(>=6.2)
    nonisolated(nonsending) public func title(for id: Int) async -> String? {
        titles.value[id]
    }
    #else
    public func title(for id: Int) async -> String? {
        titles.value[id]
    }
    #endif

    public func store(_ title: String, for id: Int) {
        titles.withLock { $0[id] = title }
    }
}

/// Where titles come from when the cache doesn't have them: the network in the app.
public protocol TitleClient: Sendable {
    func title(for id: Int) async throws -> String
}

/// The track screen's model. `show(_:)` is what tapping a track calls; it starts loading with
/// `Task.immediate` and returns.
///
/// A title in the cache must be on screen when `show` returns: the cache lookup runs on the main
/// actor (nonsending) and does not suspend, so `Task.immediate` runs the whole load before `show`
/// returns, and the screen never flashes empty. A title that is not cached shows a spinner, is
/// fetched, and is kept in the cache for next time.
@MainActor
public final class TrackDetailModel {
    public private(set) var title: String?
    public private(set) var isLoading = false

    private let cache: TitleCache
    private let client: any TitleClient

    public init(cache: TitleCache, client: any TitleClient) {
        self.cache = cache
        self.client = client
    }

    /// Starts showing track `id`, and returns the task that loads it.
    @discardableResult
    public func show(_ id: Int) -> Task<Void, Never> {
        #if compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate { await self.load(id) }
        }
        #endif
        return Task { await self.load(id) }
    }

    private func load(_ id: Int) async {
        if let cached = await cache.title(for: id) {
            title = cached
            return
        }
        isLoading = true
        if let fetched = try? await client.title(for: id) {
            cache.store(fetched, for: id)
            title = fetched
        }
        isLoading = false
    }
}
