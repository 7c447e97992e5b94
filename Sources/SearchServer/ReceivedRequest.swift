import Foundation

extension LocalSearchServer {
    /// A request as it arrived on the wire, so that a test can check what the client really sent
    /// (the term, the entity) rather than what it meant to send.
    public struct ReceivedRequest: Sendable, Equatable {
        /// `GET`, `POST`, …
        public let method: String
        /// The request target exactly as sent, e.g. `/search?media=music&entity=song&term=abba`.
        public let target: String
        /// The target's path, e.g. `/search`.
        public let path: String
        /// The target's query, decoded as `URLComponents` decodes it (`+` stays `+`).
        public let queryItems: [URLQueryItem]
        /// Header fields keyed by lowercased name, since HTTP field names are case-insensitive.
        /// Repeated fields are joined with ", ".
        public let headers: [String: String]

        public init(method: String, target: String, headers: [String: String] = [:]) {
            let components = URLComponents(string: target)
            self.method = method
            self.target = target
            self.path = components?.path ?? target
            self.queryItems = components?.queryItems ?? []
            self.headers = headers
        }

        /// The value of the first query item called `name`, e.g. `query("term")`.
        public func query(_ name: String) -> String? {
            queryItems.first { $0.name == name }?.value
        }
    }
}

extension LocalSearchServer.ReceivedRequest {
    /// Parses a request head (request line and header fields, up to the blank line). Nil if it is
    /// not HTTP/1.x.
    init?(head: Data) {
        guard let text = String(data: head, encoding: .utf8) else { return nil }
        var lines = text.components(separatedBy: "\r\n")[...]
        let requestLine = lines.popFirst()?.split(separator: " ") ?? []
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        self.init(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers)
    }
}
