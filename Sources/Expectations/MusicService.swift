import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Searches the iTunes catalogue for songs through an `HTTPClient`.
///
/// It answers on the main queue, some time after `search` has returned, however fast the client
/// is: a test has to wait for it.
public final class MusicService {
    private let client: HTTPClient
    private let baseURL: URL

    public init(client: HTTPClient, baseURL: URL = .iTunes) {
        self.client = client
        self.baseURL = baseURL
    }

    /// Calls `completion` on the main queue with the tracks found, or with the client's error.
    public func search(_ term: String, completion: @escaping (Result<[Track], Error>) -> Void) {
        client.execute(request: .search(term: term, baseURL: baseURL)) { result in
            let tracks = result.flatMap { data in
                Result { try JSONDecoder().decode(SearchMediaResponse.self, from: data).results }
            }
            DispatchQueue.main.async {
                completion(tracks)
            }
        }
    }

    /// The same search for the newer screens, which chain futures instead of nesting callbacks.
    public func search(_ term: String) -> Future<[Track]> {
        let promise = Promise<[Track]>()
        search(term) { result in
            switch result {
            case .success(let tracks):
                promise.resolve(with: tracks)
            case .failure(let error):
                promise.reject(with: error)
            }
        }
        return promise
    }
}
