// Exercise mocking-request, part 1 of 2: MockHTTPClient.
//
// MusicService searches iTunes through an `HTTPClient`. In the app that is `RealHTTPClient`: it
// goes out to the network and answers later, on the main queue. A test that used it would be slow,
// would fail offline, and would finish before the answer came back.
//
// The idea: a mock client that records what it was asked and answers at once, with whatever the
// test chose. Then `search` has done all its work by the time it returns, and the test checks the
// result on the next line, with no network and no waiting.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mocking

final class MockHTTPClient: HTTPClient {
    /// The request `execute` was called with: what the service asked the network for.
    var inputRequest: URLRequest?
    /// Whether `execute` was called at all.
    var executeCalled = false
    /// The answer to give. `nil` means no answer, like a request that is still in flight.
    var result: Result<Data, Error>?

    func execute(request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void) {
        executeCalled = true
        inputRequest = request
        // Answer synchronously, before `execute` returns, so the service's completion has run
        // by the time `search` returns.
        result.map(completion)
    }
}
