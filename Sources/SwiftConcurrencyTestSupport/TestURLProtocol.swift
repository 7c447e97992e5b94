import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftConcurrency

/// A stand-in for the chat server, shared by every exercise that tests `BlabberModel` (a support
/// module: used, never edited): it answers every request with an empty 200 and keeps what it was
/// asked, so a test can look at the requests `BlabberModel` sends without any network.
///
/// To use it, build the model's session from a configuration that lists it:
///
///     let configuration = URLSessionConfiguration.ephemeral
///     configuration.protocolClasses = [TestURLProtocol.self]
///     let session = URLSession(configuration: configuration)
///
/// URLSession creates the protocol object itself and calls it on its own threads, so the only way
/// to get a request out is shared `static` state. Swift 6 wants that state provably safe: it sits
/// behind a lock. Call `reset()` in `setUp`, so that no test ever sees another test's requests.
public final class TestURLProtocol: URLProtocol {
    private struct Recording {
        var lastRequest: URLRequest?
        var requests: AsyncStream<URLRequest>
        var continuation: AsyncStream<URLRequest>.Continuation
    }

    private static let recording = Locked(makeRecording())

    private static func makeRecording() -> Recording {
        let (requests, continuation) = AsyncStream.makeStream(of: URLRequest.self)
        return Recording(lastRequest: nil, requests: requests, continuation: continuation)
    }

    /// The last request that reached the stub. On Linux, a POST body is in its `httpBody`.
    public static var lastRequest: URLRequest? {
        recording.withLock { $0.lastRequest }
    }

    /// Every request since the last `reset()`, in the order they arrived.
    public static var requests: AsyncStream<URLRequest> {
        recording.withLock { $0.requests }
    }

    /// Forgets every request, and ends the previous `requests` stream so that nobody waits on it.
    public static func reset() {
        let previous = recording.withLock { recording in
            defer { recording = makeRecording() }
            return recording.continuation
        }
        previous.finish()
    }

    override public class func canInit(with request: URLRequest) -> Bool {
        true
    }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override public func startLoading() {
        // Recorded before answering: by the time the caller sees the response, the test can see
        // the request.
        let continuation = Self.recording.withLock { recording in
            recording.lastRequest = request
            return recording.continuation
        }
        continuation.yield(request)

        let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data())
        client?.urlProtocolDidFinishLoading(self)
    }

    override public func stopLoading() {}
}
