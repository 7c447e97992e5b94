// Exercise expectations-integration (Swift Testing): the real client, end to end.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Expectations
import SearchServer

// Unit tests with a mock client never run `RealHTTPClient`: not the URL it really sends, not the
// status code, not the data task it has to resume. Only a real request shows those, and the real
// iTunes is slow, changeable and sometimes not there. So the test brings its own server:
// `LocalSearchServer` plays the iTunes Search API on 127.0.0.1, answers what the test tells it to
// and records what it received.
//
// The idea: an integration test through the real stack (MusicService, RealHTTPClient, URLSession,
// a socket), written as plainly as a unit test with `awaitResult` from the previous exercise. It
// waits for milliseconds of real I/O, and fails after a second instead of hanging.
//
// In Swift Testing, `init` is setUp and a class suite's `deinit` is tearDown. Each test gets its
// own instance, so its own server on its own port: the tests run in parallel and share nothing.
@Suite final class SearchIntegrationSuite {
    let server: LocalSearchServer
    let session: URLSession
    let service: MusicService

    init() throws {
        server = LocalSearchServer()
        let baseURL = try server.start()
        // A session of its own, with no cache, so that no reply outlives its test.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
        service = MusicService(client: RealHTTPClient(session: session), baseURL: baseURL)
    }

    deinit {
        session.invalidateAndCancel()
        server.stop()
    }

    @Test func aSearchTravelsToTheServerAndItsReplyComesBackAsTracks() async throws {
        let result: Result<[Track], Error> = try await awaitResult(service.search, calledWith: "Simon & Garfunkel")

        #expect(try result.get().map(\.trackName) == ["Fulfil Me Once", "Timeout Blues"])
        // What really went over the wire, as the server decoded it.
        let request = try #require(server.receivedRequests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/search")
        #expect(request.query("term") == "Simon & Garfunkel")
    }

    @Test func aServerErrorComesBackAsItsStatusCode() async throws {
        server.reply = .status(500)

        let result: Result<[Track], Error> = try await awaitResult(service.search, calledWith: "Simon & Garfunkel")

        #expect(throws: HTTPStatusError(statusCode: 500)) { try result.get() }
    }
}
