// Weak suite: starts the download in a Task inside the confirmation's body and returns. The
// confirmation counts only what happens before its body returns, so it sees no report at all,
// even from the real code. (The chunks take 20 ms each, as a network's would.)

import Foundation
import ModernSwift
import Testing

@Suite struct DownloadProgressTests {
    @Test func reportsProgressAtLeastOnceAndAtMostOncePerChunk() async throws {
        let downloader = ChunkDownloader { _, index in
            try await Task.sleep(for: .milliseconds(20))
            return Data([UInt8(index)])
        }
        await confirmation("progress is reported", expectedCount: 1...3) { progressReported in
            Task {
                _ = try await downloader.download("song.mp3", chunks: 3) { _ in progressReported() }
            }
        }
    }
}
