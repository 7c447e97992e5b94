import Foundation

/// Asks the charts server for this week's top songs.
public protocol ChartsClient {
    func fetchCharts(completion: @escaping (Result<[String], Error>) -> Void)
}

/// Loads this week's charts. The charts server sheds load by failing requests at busy times and
/// asks clients to wait before they try again, so when the first try fails the loader tries once
/// more, after a back-off, and hands that second try's result to `completion`.
///
/// The back-off is the server's to choose: it may ask for up to a second. Today it asks for 150 ms.
public final class ChartsLoader {
    private let client: ChartsClient
    private let queue = DispatchQueue(label: "ChartsLoader")

    public init(client: ChartsClient) {
        self.client = client
    }

    public func load(completion: @escaping (Result<[String], Error>) -> Void) {
        client.fetchCharts { first in
            switch first {
            case .success:
                completion(first)
            case .failure:
                self.queue.asyncAfter(deadline: .now() + .milliseconds(150)) {
                    self.client.fetchCharts(completion: completion)
                }
            }
        }
    }
}
