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
    // TODO: give the mock three properties:
    //   inputRequest: URLRequest?         the request `execute` was called with
    //   executeCalled: Bool               whether `execute` was called at all
    //   result: Result<Data, Error>?      the answer to give (nil: don't answer)

    func execute(request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void) {
        // TODO: record the call and the request, then answer with `result`, if there is one,
        // before returning.
    }
}
