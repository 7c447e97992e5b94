import Foundation

/// The room's routes, from a parsed request to an answer, with no sockets involved: the server
/// calls it, and so do the tests. It serves its own page and API only, never a file by path.
public final class RoomService: @unchecked Sendable {
    public static let maxBody = 16 * 1024
    public static let defaultStuckMinutes = 10.0

    public let catalog: RoomCatalog
    let store: RoomStore?
    let clock: @Sendable () -> Date
    private let lock = NSLock()
    private var state: RoomState
    private var postLimiter = RateLimiter(burst: 10, interval: 1)
    private var joinLimiter = RateLimiter(burst: 60, interval: 1)
    private var joinLineText = ""

    /// The join line the page shows, filled in once the port is known (after the server started,
    /// hence the lock).
    public var joinLine: String {
        get { lock.guarded { joinLineText } }
        set { lock.guarded { joinLineText = newValue } }
    }

    public init(state: RoomState, catalog: RoomCatalog, store: RoomStore?, clock: @escaping @Sendable () -> Date = Date.init) {
        self.state = state
        self.catalog = catalog
        self.store = store
        self.clock = clock
    }

    public var code: String { lock.guarded { state.code } }
    public var currentState: RoomState { lock.guarded { state } }

    public func handle(_ request: HTTPRequest, remote: String) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Data(RoomPage.html.utf8),
                                extraHeaders: [("Content-Security-Policy", RoomPage.contentSecurityPolicy)])
        case ("GET", "/api/room"):
            var response = HTTPResponse.json(200, snapshot(request).encoded())
            if request.query["download"] != nil {
                response.extraHeaders = [("Content-Disposition", "attachment; filename=\"room.json\"")]
            }
            return response
        case ("GET", "/api/room.csv"):
            return HTTPResponse(status: 200, contentType: "text/csv; charset=utf-8", body: Data(snapshot(request).csv().utf8),
                                extraHeaders: [("Content-Disposition", "attachment; filename=\"room.csv\"")])
        case ("POST", "/api/join"):
            return post(request) { try self.join($0, remote: remote) }
        case ("POST", "/api/results"):
            return post(request) { try self.results($0) }
        case (_, "/"), (_, "/index.html"), (_, "/api/room"), (_, "/api/room.csv"), (_, "/api/join"), (_, "/api/results"):
            return .error(405, "method \(request.method) is not allowed on \(request.path)")
        default:
            return .error(404, "no such page: the room serves /, /api/room, /api/room.csv, /api/join and /api/results")
        }
    }

    func snapshot(_ request: HTTPRequest) -> RoomSnapshot {
        let minutes = request.query["stuckAfter"].flatMap(Double.init).map { min(max($0, 0), 24 * 60) } ?? Self.defaultStuckMinutes
        let now = clock()
        var snapshot = lock.guarded { RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: minutes, now: now) }
        snapshot.joinCommand = joinLine
        return snapshot
    }

    private func post(_ request: HTTPRequest, _ body: (Data) throws -> HTTPResponse) -> HTTPResponse {
        // JSON only: a browser form on another site cannot send it without asking first.
        guard request.headers["content-type"]?.lowercased().hasPrefix("application/json") == true else {
            return .error(415, "send the body as Content-Type: application/json")
        }
        do { return try body(request.body) } catch let error as RoomError {
            return .error(error.status, error.description)
        } catch let limited as Limited {
            return .error(429, limited.message)
        } catch {
            return .error(500, "the room could not save this: \(error)")
        }
    }

    private struct Limited: Error { var message: String }

    private func join(_ body: Data, remote: String) throws -> HTTPResponse {
        let request = try RoomValidation.check(RoomValidation.decode(JoinRequest.self, from: body))
        let now = clock()
        let attendee = try mutate { state in
            guard joinLimiter.allow(remote, now: now) else { throw Limited(message: "too many joins from \(remote); wait a minute") }
            return try state.join(request, now: now)
        }
        return .json(200, Self.encode(["attendee": attendee.id, "name": attendee.name]))
    }

    private func results(_ body: Data) throws -> HTTPResponse {
        let post = try RoomValidation.decode(ResultsPost.self, from: body)
        try RoomValidation.check(post)
        let now = clock()
        let (accepted, revision) = try mutate { state in
            // Who it is first, so that nobody can spend another attendee's allowance.
            guard post.code == state.code else { throw RoomError.wrongCode }
            guard let attendee = state.attendee(post.attendee) else { throw RoomError.unknownAttendee }
            guard attendee.token == post.token else { throw RoomError.notYourRow }
            guard postLimiter.allow(post.attendee, now: now) else { throw Limited(message: "too many posts; the next grade will send them") }
            let accepted = try state.post(post, catalog: catalog, now: now)
            return (accepted, state.revision)
        }
        return .json(200, Self.encode(["accepted": accepted, "revision": revision]))
    }

    /// Applies a change and saves it before anyone is told it happened; a change that cannot be
    /// saved is undone.
    private func mutate<T>(_ change: (inout RoomState) throws -> T) throws -> T {
        try lock.guarded {
            var next = state
            let result = try change(&next)
            try store?.save(next)
            state = next
            return result
        }
    }

    private static func encode<T: Encodable>(_ value: T) -> Data {
        (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
    }
}
