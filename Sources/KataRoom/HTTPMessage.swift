import Foundation

/// One HTTP/1.1 request as the room reads it: a head, and a body of exactly `Content-Length` bytes.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    public var query: [String: String]
    public var headers: [String: String]
    public var body: Data
    /// Two `Content-Length` headers that disagree: which one frames the body is anyone's guess
    /// (RFC 9112 § 6.3), so the request is refused rather than read by either.
    public var conflictingLengths = false

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Parses a request head (up to, not including, the blank line). Nil when it is not HTTP/1.x.
    public init?(head: Data) {
        guard let text = String(data: head, encoding: .utf8) else { return nil }
        var lines = text.components(separatedBy: "\r\n")[...]
        let requestLine = lines.popFirst()?.split(separator: " ", omittingEmptySubsequences: false) ?? []
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."), requestLine[1].hasPrefix("/") else { return nil }
        var headers: [String: String] = [:]
        var conflicting = false
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length", let earlier = headers[name], earlier != value { conflicting = true }
            headers[name] = value
        }
        let components = URLComponents(string: String(requestLine[1]))
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        self.init(method: String(requestLine[0]), path: components?.path ?? String(requestLine[1]),
                  query: query, headers: headers)
        conflictingLengths = conflicting
    }
}

/// What the room answers. Every answer closes its connection: no keep-alive to track or time out.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: Data
    public var extraHeaders: [(String, String)] = []

    public init(status: Int, contentType: String, body: Data, extraHeaders: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.extraHeaders = extraHeaders
    }

    public static func == (a: HTTPResponse, b: HTTPResponse) -> Bool {
        a.status == b.status && a.contentType == b.contentType && a.body == b.body
            && a.extraHeaders.map { "\($0.0):\($0.1)" } == b.extraHeaders.map { "\($0.0):\($0.1)" }
    }

    public static func json(_ status: Int, _ body: Data) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: body)
    }

    /// `{"error": "…"}`: the one line a client shows.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        let body = (try? JSONEncoder().encode(["error": message])) ?? Data()
        return json(status, body)
    }

    public var wireData: Data {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
            + "Content-Type: \(contentType)\r\n"
            + "Content-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\n"
            + "X-Content-Type-Options: nosniff\r\n"
            + "Connection: close\r\n"
        for (name, value) in extraHeaders { head += "\(name): \(value)\r\n" }
        return Data((head + "\r\n").utf8) + body
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 431: "Request Header Fields Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
