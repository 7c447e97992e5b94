import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seam between `MusicService` and the network.
///
/// A service that calls `URLSession.shared` itself can only be tested against the real server:
/// slow, flaky, and red whenever the Wi-Fi is. Behind this one-method protocol a test can hand in a
/// client that answers at once, with bytes the test chose, so the service's callback runs before
/// `search` even returns and the test needs no waiting at all.
public protocol HTTPClient {
    func execute(request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void)
}

/// The client the app ships with: a `URLSession` data task, answered on the main queue because
/// callers go on to update the UI.
public final class RealHTTPClient: HTTPClient {
    private let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func execute(request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void) {
        session.dataTask(with: request) { data, _, error in
            DispatchQueue.main.async {
                if let data = data {
                    completion(.success(data))
                } else {
                    completion(.failure(error ?? URLError(.unknown)))
                }
            }
        }.resume()
    }
}
