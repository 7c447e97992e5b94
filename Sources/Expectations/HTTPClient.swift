import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one thing `MusicService` needs from the network: send a request, get the body back.
public protocol HTTPClient {
    func execute(request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void)
}

/// A reply whose status code says the server failed, although the transport worked.
public struct HTTPStatusError: Error, Equatable {
    public let statusCode: Int

    public init(statusCode: Int) {
        self.statusCode = statusCode
    }
}

/// The production client: a `URLSession` data task. `completion` runs on URLSession's delegate
/// queue, a background thread.
public final class RealHTTPClient: HTTPClient {
    private let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func execute(request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void) {
        let task = session.dataTask(with: request) { data, response, error in
            if let error = error {
                completion(.failure(error))
            } else if let response = response as? HTTPURLResponse, !(200..<300).contains(response.statusCode) {
                completion(.failure(HTTPStatusError(statusCode: response.statusCode)))
            } else {
                completion(.success(data ?? Data()))
            }
        }
        task.resume()
    }
}
