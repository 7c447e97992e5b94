import Foundation

/// Downloads a file chunk by chunk and reports progress to the screen.
///
/// Progress is throttled: the screen needs no more than one report every 50 ms, so a report is
/// skipped when the previous one is more recent, except the last one (1.0), which always comes.
/// So a download of n chunks reports progress at least once and at most n times, and how many
/// depends on how fast the chunks arrive. A test can't count on an exact number: it can count on
/// the range. A file already in the cache is returned at once, with no request and no progress.
public final class ChunkDownloader: Sendable {
    public typealias FetchChunk = @Sendable (_ name: String, _ index: Int) async throws -> Data

    private let fetchChunk: FetchChunk
    private let cache: Locked<[String: Data]>

    public init(cached: [String: Data] = [:], fetchChunk: @escaping FetchChunk) {
        self.fetchChunk = fetchChunk
        self.cache = Locked(cached)
    }

    /// Downloads the `chunks` chunks of `name` in order, calling `progress` with the fraction done
    /// (throttled, see above), and keeps the file in the cache.
    public func download(_ name: String, chunks: Int, progress: (Double) -> Void) async throws -> Data {
        if let cached = cache.value[name] {
            return cached
        }
        var data = Data()
        var lastReport: ContinuousClock.Instant?
        for index in 0..<chunks {
            data += try await fetchChunk(name, index)
            let now = ContinuousClock.now
            let isLast = index == chunks - 1
            if isLast || lastReport.map({ now - $0 >= .milliseconds(50) }) ?? true {
                progress(Double(index + 1) / Double(chunks))
                lastReport = now
            }
        }
        cache.withLock { $0[name] = data }
        return data
    }
}
