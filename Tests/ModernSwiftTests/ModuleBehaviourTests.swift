import Foundation
import ModernSwift
import Testing

// The module's own tests: what the legacy code does, whatever the exercises make of it.

private struct EchoSearchClient: SearchClient {
    func results(for term: String) async throws -> [String] { [term.uppercased()] }
}

private struct FixedTitleClient: TitleClient {
    func title(for id: Int) async throws -> String { "track \(id)" }
}

private actor RecordingPresenceServer: PresenceServer {
    var sent: [String] = []
    func send(status: String, for user: String) async throws { sent.append("\(user):\(status)") }
}

@Suite struct ModernSwiftModuleTests {
    @Test @MainActor func searchRunsToTheEnd() async {
        let model = SearchModel(client: EchoSearchClient())
        await model.search(" abba ").value
        #expect(model.sentTerms == ["abba"])
        #expect(model.results == ["ABBA"])
        #expect(!model.isSearching)
    }

    @Test func downloadJoinsChunksAndCachesThem() async throws {
        let fetches = Locked(0)
        let downloader = ChunkDownloader { _, index in
            fetches.withLock { $0 += 1 }
            return Data([UInt8(index)])
        }
        var reports: [Double] = []
        let data = try await downloader.download("a", chunks: 3) { reports.append($0) }
        #expect(data == Data([0, 1, 2]))
        #expect(reports.last == 1.0)
        #expect((1...3).contains(reports.count))
        _ = try await downloader.download("a", chunks: 3) { _ in Issue.record("progress for a cached file") }
        #expect(fetches.value == 3)
    }

    @Test func handshakeReturnsTheServerNameOnReady() async throws {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        server.yield("HELLO kata")
        server.yield("READY")
        server.finish()
        #expect(try await Handshake(lines: lines).perform() == "kata")
    }

    @Test func handshakeThrowsWhenDenied() async {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        server.yield("DENIED full")
        server.finish()
        await #expect(throws: HandshakeError.refused("full")) { try await Handshake(lines: lines).perform() }
    }

    @Test func presenceSendsOnlyChanges() async throws {
        let server = RecordingPresenceServer()
        let service = PresenceService(user: "ana", server: server)
        try await service.update(to: .away)
        try await service.update(to: .away)
        #expect(await server.sent == ["ana:away"])
    }

    @Test @MainActor func trackDetailFetchesAndCaches() async {
        let cache = TitleCache()
        let model = TrackDetailModel(cache: cache, client: FixedTitleClient())
        await model.show(3).value
        #expect(model.title == "track 3")
        #expect(await cache.title(for: 3) == "track 3")
        #expect(!model.isLoading)
    }

    @Test func syncQueueRunsWorkBeforeReturning() {
        let queue = SyncQueue(label: "test")
        let ran = Locked(false)
        queue.dispatch { ran.withLock { $0 = true } }
        #expect(ran.value)
    }
}
