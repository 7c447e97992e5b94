// Exercise modern-swift-ranged-confirmation: count what may vary, within its range.
//
// `ChunkDownloader.download(_:chunks:progress:)` reports progress while it downloads, throttled to
// one report per 50 ms, and the last report (1.0) always comes. So three chunks give one, two or
// three reports, depending on how fast they arrive: an exact count is a guess about timing. A file
// already in the cache comes back at once, with no progress at all.
//
// The idea: `confirmation(expectedCount: 1...3)` accepts any count in the range, and
// `expectedCount: 0` says "never". Both count only what happens before the confirmation's body
// returns, so the body must await the download itself; a report that comes after it is not seen.
//
// Availability: ranged confirmations need Swift 6.1's Testing (Xcode 16.3; `confirmation(expectedCount:)`
// with a range); zero and exact counts work on every Swift 6 toolchain. With an older toolchain the
// grader says "needs Swift 6.1" and does not count this exercise.

import Foundation
import ModernSwift
import Testing

@Suite struct DownloadProgressTests {
    #if compiler(>=6.1) // Ranged confirmations are public API from Swift 6.1 (Xcode 16.3) on.
    @Test func reportsProgressAtLeastOnceAndAtMostOncePerChunk() async throws {
        let downloader = ChunkDownloader { _, index in Data([UInt8(index)]) }
        let fractions = Locked<[Double]>([])

        try await confirmation("progress is reported", expectedCount: 1...3) { progressReported in
            // Awaited inside the body: every report happens before the confirmation counts.
            let data = try await downloader.download("song.mp3", chunks: 3) { fraction in
                fractions.withLock { $0.append(fraction) }
                progressReported()
            }
            #expect(data == Data([0, 1, 2]))
        }

        // The range says how often; the last report says the download got to the end.
        #expect(fractions.value.last == 1.0)
    }
    #endif

    @Test func aCachedFileComesBackWithNoProgress() async throws {
        let downloader = ChunkDownloader(cached: ["song.mp3": Data([7])]) { _, _ in Data([0]) }

        // expectedCount: 0 is "never", and it means it here: the body awaits the whole download.
        try await confirmation("progress is reported", expectedCount: 0) { progressReported in
            let data = try await downloader.download("song.mp3", chunks: 3) { _ in progressReported() }
            #expect(data == Data([7]))
        }
    }
}
