import Foundation

extension LocalSearchServer {
    /// What the server answers to `GET /search`. One case per situation a client must survive, so
    /// that a test names the situation instead of hand-writing HTTP.
    public enum Reply: Sendable {
        /// 200 with this JSON body.
        case ok(Data)
        /// 200 with this body, sent only after `after` seconds: the client's completion handler
        /// runs well after `resume()` returns, which is what an expectation has to wait for.
        /// Stopping the server cuts the wait short and closes the connection unanswered.
        case slow(Data, after: TimeInterval)
        /// This status code with an empty body, e.g. 500 for a server error.
        case status(Int)
        /// 200 with a body cut off mid-JSON, so that decoding fails although the transport worked.
        case malformedJSON
    }

    /// Two songs with the keys of the iTunes Search API's song results (`wrapperType`, `kind`,
    /// `trackId`, `artistName`, `collectionName`, `trackName`, `previewUrl`), decodable as the
    /// kata's `SearchMediaResponse`. The artists and URLs are made up: nothing here points at a
    /// real server.
    public static let sampleSearchJSON = Data("""
        {"resultCount":2,"results":[
        {"wrapperType":"track","kind":"song","trackId":1001,"artistName":"The Expectations",\
        "collectionName":"Waiting Room","trackName":"Fulfil Me Once",\
        "previewUrl":"https://example.com/previews/1001.m4a"},
        {"wrapperType":"track","kind":"song","trackId":1002,"artistName":"The Expectations",\
        "collectionName":"Waiting Room","trackName":"Timeout Blues",\
        "previewUrl":"https://example.com/previews/1002.m4a"}
        ]}
        """.utf8)
}

extension LocalSearchServer.Reply {
    /// How long to hold the answer back.
    var delay: TimeInterval {
        if case .slow(_, let after) = self { return max(0, after) }
        return 0
    }

    /// The complete HTTP/1.1 response. `Connection: close` and an exact `Content-Length` let the
    /// client know where the body ends without chunking or keep-alive.
    var response: Data {
        switch self {
        case .ok(let body), .slow(let body, _):
            return Self.response(status: 200, body: body)
        case .status(let code):
            return Self.response(status: code, body: Data())
        case .malformedJSON:
            return Self.response(status: 200, body: Data(#"{"resultCount":2,"results":[{"trackId":"#.utf8))
        }
    }

    static func response(status: Int, body: Data) -> Data {
        let head = "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n"
            + "Content-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\n"
            + "Connection: close\r\n\r\n"
        return Data(head.utf8) + body
    }

    /// Clients ignore the phrase; it is only there for a human reading a capture.
    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
