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
    @Test func reportsProgressAtLeastOnceAndAtMostOncePerChunk() async throws {
        // TODO: make a ChunkDownloader whose fetchChunk returns Data([UInt8(index)]). Download
        // three chunks inside `try await confirmation(expectedCount: 1...3) { confirm in … }`,
        // calling confirm() in progress. Then write a second test: a file that is already cached
        // (ChunkDownloader(cached:…)) comes back with no progress, expectedCount: 0.
        Issue.record("TODO: count the progress reports with a ranged confirmation (DownloadProgressTests.swift)")
    }
}
