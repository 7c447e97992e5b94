import Foundation
import KataVerdicts

/// The room's routes, from a parsed request to an answer, with no sockets involved: the server
/// calls it, and so do the tests. It serves its own page and API only, never a file by path.
/// What changes as it serves is behind one lock (`Locked`), so the compiler checks its `Sendable`.
public final class RoomService: Sendable {
    public static let maxBody = 16 * 1024
    public static let defaultStuckMinutes = 10.0
    /// Rows one address may hold: a laptop with a second checkout (or one recloned) fits; a loop
    /// that joins as fast as it can adds three rows, not sixty.
    public static let defaultRowsPerMachine = 3

    public let catalog: RoomCatalog
    let store: RoomStore?
    let clock: @Sendable () -> Date
    private let guarded: Locked<Guarded>
    /// Rows one address may hold; nil for no limit.
    public let rowsPerMachine: Int?

    /// The join line the page shows, filled in once the port is known (after the server started,
    /// hence the lock).
    public var joinLine: String {
        get { guarded.withLock { $0.joinLine } }
        set { guarded.withLock { $0.joinLine = newValue } }
    }

    /// What changes as the room serves: its state, and the limits on each address.
    private struct Guarded {
        var state: RoomState
        var limits = Limits()
        var joinLine = ""
    }

    /// The limits keep what they counted even when the change they guard is refused.
    private struct Limits {
        var post = RateLimiter(burst: 10, interval: 1)
        var join = RateLimiter(burst: 60, interval: 1)
        /// Wrong instructor keys, per address: guessing a 32-character key was hopeless already.
        var key = RateLimiter(burst: 10, interval: 1)
    }

    public init(state: RoomState, catalog: RoomCatalog, store: RoomStore?, rowsPerMachine: Int? = RoomService.defaultRowsPerMachine,
                clock: @escaping @Sendable () -> Date = Date.init) {
        guarded = Locked(Guarded(state: state))
        self.catalog = catalog
        self.store = store
        self.rowsPerMachine = rowsPerMachine
        self.clock = clock
    }

    public var code: String { guarded.withLock { $0.state.code } }
    public var currentState: RoomState { guarded.withLock { $0.state } }

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
        case ("POST", "/api/leave"):
            return post(request) { try self.leave($0) }
        case ("POST", "/api/instructor"), ("POST", "/api/remove"), ("POST", "/api/rename"):
            return post(request) { try self.instructor(request.path, $0, remote: remote) }
        case (_, let path) where Self.routes.contains(path):
            return .error(405, "method \(request.method) is not allowed on \(request.path)")
        default:
            return .error(404, "no such page: the room serves " + Self.routes.filter { $0 != "/index.html" }.joined(separator: ", "))
        }
    }

    static let routes = ["/", "/index.html", "/api/room", "/api/room.csv", "/api/join", "/api/results", "/api/leave",
                         "/api/instructor", "/api/remove", "/api/rename"]

    func snapshot(_ request: HTTPRequest) -> RoomSnapshot {
        let minutes = request.query["stuckAfter"].flatMap(Double.init).map { min(max($0, 0), 24 * 60) } ?? Self.defaultStuckMinutes
        let now = clock()
        // A copy under the lock (a value, copied on write), the work outside it: posts never wait on a page.
        var snapshot = RoomSnapshot(state: currentState, catalog: catalog, stuckAfterMinutes: minutes, now: now)
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
        let attendee = try mutate { state, limits in
            guard limits.join.allow(remote, now: now) else { throw Limited(message: "too many joins from \(remote); wait a minute") }
            return try state.join(request, from: remote, rowsPerAddress: rowsPerMachine, now: now)
        }
        return .json(200, Self.encode(["attendee": attendee.id, "name": attendee.name]))
    }

    private func results(_ body: Data) throws -> HTTPResponse {
        let post = try RoomValidation.decode(ResultsPost.self, from: body)
        try RoomValidation.check(post)
        let now = clock()
        let (accepted, revision) = try mutate { state, limits in
            // Who it is first, so that nobody can spend another attendee's allowance.
            guard post.code == state.code else { throw RoomError.wrongCode }
            guard let attendee = state.attendee(post.attendee) else {
                throw state.removed?.contains(post.attendee) == true ? RoomError.removedByInstructor : RoomError.unknownAttendee
            }
            guard attendee.token == post.token else { throw RoomError.notYourRow }
            guard limits.post.allow(post.attendee, now: now) else { throw Limited(message: "too many posts; the next grade will send them") }
            let accepted = try state.post(post, catalog: catalog, now: now)
            return (accepted, state.revision)
        }
        return .json(200, Self.encode(["accepted": accepted, "revision": revision]))
    }

    private func leave(_ body: Data) throws -> HTTPResponse {
        let request = try RoomValidation.decode(LeaveRequest.self, from: body)
        try RoomValidation.check(request)
        let (left, revision) = try mutate { state, _ in (try state.leave(request), state.revision) }
        return .json(200, Self.encode(["left": left ? 1 : 0, "revision": revision]))
    }

    /// The instructor's routes: check the key, remove a row, rename a row.
    private func instructor(_ path: String, _ body: Data, remote: String) throws -> HTTPResponse {
        let request = try RoomValidation.decode(InstructorRequest.self, from: body)
        let now = clock()
        try guarded.withLock { fields in
            guard (try? RoomValidation.check(request)) != nil, let key = fields.state.instructorKey, Self.sameSecret(request.key, key) else {
                guard fields.limits.key.allow(remote, now: now) else { throw Limited(message: "too many wrong instructor keys from \(remote); wait a minute") }
                throw RoomError.notInstructor
            }
        }
        try RoomValidation.check(request)
        if path == "/api/instructor" { return .json(200, Self.encode(["instructor": true])) }
        guard let id = request.attendee else { throw RoomError.invalid("missing field 'attendee'") }
        if path == "/api/remove" {
            let (row, revision) = try mutate { state, _ in (try state.remove(id), state.revision) }
            return .json(200, Self.encode(RowChange(removed: row.id, name: row.name, revision: revision)))
        }
        guard let raw = request.name else { throw RoomError.invalid("missing field 'name'") }
        let name = try RoomValidation.checkName(raw)
        let (row, revision) = try mutate { state, _ in (try state.rename(id, to: name), state.revision) }
        return .json(200, Self.encode(RowChange(renamed: row.id, name: row.name, revision: revision)))
    }

    private struct RowChange: Encodable {
        var removed: String?
        var renamed: String?
        var name: String
        var revision: Int
    }

    /// Compares two secrets in a time that does not depend on where they first differ.
    static func sameSecret(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Applies a change and saves it before anyone is told it happened; a change that cannot be
    /// saved is undone (what the limits counted stays).
    private func mutate<T: Sendable>(_ change: (inout RoomState, inout Limits) throws -> T) throws -> T {
        try guarded.withLock { fields in
            var next = fields.state
            let result = try change(&next, &fields.limits)
            try store?.save(next)
            fields.state = next
            return result
        }
    }

    private static func encode<T: Encodable>(_ value: T) -> Data {
        (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
    }
}
