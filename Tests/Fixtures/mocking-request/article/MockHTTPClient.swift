// The mock as the article writes it.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mocking

class MockHTTPClient: HTTPClient {
    var inputRequest: URLRequest?
    var executeCalled = false
    var result: Result<Data, Error>?

    func execute(request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void) {
        executeCalled = true
        inputRequest = request
        result.map(completion)
    }
}
