// Weak suite: counts exactly the two reports that the throttled download happens to make when
// chunks arrive instantly. A download that reports every chunk, or only the last, is just as
// correct, and fails this count.

import Foundation
import ModernSwift
import Testing

@Suite struct DownloadProgressTests {
    @Test func reportsProgressTwice() async throws {
        let downloader = ChunkDownloader { _, index in Data([UInt8(index)]) }
        try await confirmation("progress is reported", expectedCount: 2) { progressReported in
            _ = try await downloader.download("song.mp3", chunks: 3) { _ in progressReported() }
        }
    }

    @Test func aCachedFileComesBackWithNoProgress() async throws {
        let downloader = ChunkDownloader(cached: ["song.mp3": Data([7])]) { _, _ in Data([0]) }
        try await confirmation("progress is reported", expectedCount: 0) { progressReported in
            _ = try await downloader.download("song.mp3", chunks: 3) { _ in progressReported() }
        }
    }
}
