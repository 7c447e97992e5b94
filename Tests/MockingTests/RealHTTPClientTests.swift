import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mocking

/// Answers every request from `answer`, so that RealHTTPClient is exercised without a network.
private final class StubURLProtocol: URLProtocol {
    static var answer: Result<Data, Error> = .success(Data())

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        switch Self.answer {
        case .success(let data):
            let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: data)
            client?.urlProtocolDidFinishLoading(self)
        case .failure(let error):
            client?.urlProtocol(self, didFailWithError: error)
        }
    }

    override func stopLoading() {}
}

final class MockingRealHTTPClientTests: XCTestCase {
    private var client: RealHTTPClient!

    override func setUp() {
        super.setUp()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        client = RealHTTPClient(session: URLSession(configuration: configuration))
    }

    private func execute() -> (result: Result<Data, Error>?, onMainThread: Bool?) {
        let answered = expectation(description: "answered")
        var result: Result<Data, Error>?
        var onMainThread: Bool?
        client.execute(request: .search(term: "daft punk")) {
            result = $0
            onMainThread = Thread.isMainThread
            answered.fulfill()
        }
        wait(for: [answered], timeout: 5)
        return (result, onMainThread)
    }

    func testDeliversTheBodyOnTheMainThread() throws {
        StubURLProtocol.answer = .success(Data("hello".utf8))

        let (result, onMainThread) = execute()

        XCTAssertEqual(try result?.get(), Data("hello".utf8))
        XCTAssertEqual(onMainThread, true)
    }

    func testDeliversTheErrorOnTheMainThread() {
        StubURLProtocol.answer = .failure(URLError(.notConnectedToInternet))

        let (result, onMainThread) = execute()

        guard case .failure(let error)? = result else { return XCTFail("\(String(describing: result))") }
        XCTAssertEqual((error as? URLError)?.code, .notConnectedToInternet)
        XCTAssertEqual(onMainThread, true)
    }
}
