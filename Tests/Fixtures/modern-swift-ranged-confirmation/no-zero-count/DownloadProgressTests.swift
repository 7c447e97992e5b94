// Weak suite: the ranged count is right, but nothing says that a cached file reports nothing.

import Foundation
import ModernSwift
import Testing

@Suite struct DownloadProgressTests {
    @Test func reportsProgressAtLeastOnceAndAtMostOncePerChunk() async throws {
        let downloader = ChunkDownloader { _, index in Data([UInt8(index)]) }
        try await confirmation("progress is reported", expectedCount: 1...3) { progressReported in
            let data = try await downloader.download("song.mp3", chunks: 3) { _ in progressReported() }
            #expect(data == Data([0, 1, 2]))
        }
    }
}
