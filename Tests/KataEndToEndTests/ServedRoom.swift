import Foundation
import XCTest
import KataTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A room served by the real grader binary (`KataGrader CHECKOUT --room-serve`) on loopback, and
/// the scratch checkouts that join it. Every process is bounded in time, and `stop` (also called
/// by the test's teardown, when a test fails half way) interrupts the room as Ctrl-C does, kills
/// it when it does not close, and reaps it.
final class ServedRoom {
    let process: Process
    let log: URL
    let port: Int
    /// The line's parts: `http://127.0.0.1:PORT/?room=CODE`, the code, and the instructor's key.
    let joinURL: String
    let code: String
    let key: String

    /// The room's output so far (stdout and stderr, as the terminal shows them).
    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    var pid: Int32 { process.processIdentifier }

    /// Starts the room of `checkout`, on `port` or else a free one (a port found taken is tried
    /// again with another), and waits at most 10 s for the line that gives the instructor's link.
    /// The test's teardown stops it, should the test not.
    static func start(_ checkout: URL, port: Int? = nil, arguments: [String] = [], in test: XCTestCase) throws -> ServedRoom {
        for attempt in 1...5 {
            let on = port ?? Int.random(in: 20_000...60_000)
            let log = checkout.deletingLastPathComponent().appendingPathComponent("serve-\(UUID().uuidString.prefix(8)).log")
            let process = try Scratch.launch(checkout, ["--room-serve", "--bind", "127.0.0.1", "--port", String(on)] + arguments, log: log)
            test.addTeardownBlock { Self.stop(process) }
            let deadline = Date().addingTimeInterval(10)
            var text = ""
            while Date() < deadline {
                text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if text.contains("Instructor:") || !process.isRunning { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            if !process.isRunning, text.contains("cannot listen"), port == nil, attempt < 5 { continue }
            guard text.contains("Instructor:") else {
                Self.stop(process)
                throw Failure(description: "the room did not open in 10 s: \(text)")
            }
            let url = Self.first(#"http://[^ ']*\?room=[A-Z0-9]*"#, in: text) ?? ""
            let key = Self.first("#key=[A-Za-z0-9]*", in: text).map { String($0.dropFirst(5)) } ?? ""
            return ServedRoom(process: process, log: log, port: on, joinURL: url,
                              code: url.components(separatedBy: "=").last ?? "", key: key)
        }
        throw Failure(description: "no free port found for the room")
    }

    private init(process: Process, log: URL, port: Int, joinURL: String, code: String, key: String) {
        (self.process, self.log, self.port, self.joinURL, self.code, self.key) = (process, log, port, joinURL, code, key)
    }

    /// Ctrl-C, as the instructor closes the room: its exit status, once it has ended.
    @discardableResult
    func stop() -> Int32 { Self.stop(process) }

    /// SIGINT, then SIGKILL after 10 s; waits until the process is reaped.
    @discardableResult
    static func stop(_ process: Process) -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        process.interrupt()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func first(_ pattern: String, in text: String) -> String? {
        let matches = text.ranges(of: try! Regex(pattern))
        return matches.last.map { String(text[$0]) }
    }

    // MARK: - The room's API, as the page reads it

    /// `GET /api/room`: the room's document, or nil when the room does not answer.
    func snapshot() -> [String: Any]? {
        guard let data = Self.exchange("GET", port: port, path: "/api/room", body: nil) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    var attendees: [[String: Any]] { snapshot()?["attendees"] as? [[String: Any]] ?? [] }

    /// The names on the room's page, sorted and joined by commas.
    var names: String { attendees.compactMap { $0["name"] as? String }.sorted().joined(separator: ",") }

    func row(_ name: String) -> [String: Any]? { attendees.first { $0["name"] as? String == name } }

    /// The verdict the room shows for `exercise` on `name`'s row: "no row" or "none" when there is none.
    func verdict(of name: String, _ exercise: String) -> String {
        guard let row = row(name) else { return "no row" }
        return ((row["results"] as? [String: Any])?[exercise] as? [String: Any])?["verdict"] as? String ?? "none"
    }

    /// `POST /api/remove` with the instructor's key, as the page's remove button does.
    func remove(_ name: String) {
        guard let id = row(name)?["id"] as? String else { return XCTFail("no row of \(name) to remove") }
        let body = try! JSONSerialization.data(withJSONObject: ["key": key, "attendee": id])
        XCTAssertNotNil(Self.exchange("POST", port: port, path: "/api/remove", body: body), "the room answers the removal")
    }

    /// One request over loopback, bounded by 5 s; the body of a 200 answer.
    static func exchange(_ method: String, port: Int, path: String, body: Data?) -> Data? {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!, timeoutInterval: 5)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        loopback.dataTask(with: request) { data, response, _ in
            if (response as? HTTPURLResponse)?.statusCode == 200 { answer.set(data) }
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 6) == .success else { return nil }
        return answer.data
    }

    /// A session that reaches 127.0.0.1 directly: URLSession on Linux sends even loopback through
    /// an `http_proxy` it finds in the environment, unless `no_proxy` names it.
    static let loopback: URLSession = {
        for name in ["no_proxy", "NO_PROXY"] {
            let now = ProcessInfo.processInfo.environment[name].map { ",\($0)" } ?? ""
            setenv(name, "127.0.0.1,localhost" + now, 1)
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        return URLSession(configuration: configuration)
    }()

    /// Set once by the session's queue, read after the semaphore: the lock makes the hand-over safe.
    private final class Answer: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Data?
        func set(_ data: Data?) { lock.lock(); value = data; lock.unlock() }
        var data: Data? { lock.lock(); defer { lock.unlock() }; return value }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }
}

/// A scratch "checkout" with a catalog only: enough for the room and for `--join`, and its state
/// folder is the test's, never a real room's.
struct Scratch {
    /// The kata's own checkout (its `Catalog/` is the course a room shows).
    static let kata = KataCheckout.root

    let folder: URL

    init(test: XCTestCase) throws {
        guard MiniCourse.grader != nil else {
            throw XCTSkip("no KataGrader beside the test product: build it with `swift build --build-tests` first")
        }
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kata-room-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let folder = folder
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    /// A checkout named `name` holding a copy of `catalog` (the kata's, else another course's).
    func checkout(_ name: String, catalog: URL = Scratch.kata.appendingPathComponent("Catalog")) throws -> URL {
        let root = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: catalog, to: root.appendingPathComponent("Catalog"))
        return root
    }

    /// What the grader keeps of the attendee for a checkout with neither `.kata/` nor a git folder,
    /// as these are: `.kata/` (`AttendeeState`).
    static func attendeeState(_ checkout: URL) -> URL { checkout.appendingPathComponent(".kata") }

    /// The grader on `checkout` with `arguments`, stdout and stderr together as a terminal shows
    /// them, killed after `timeout` seconds (SIGTERM, then SIGKILL 5 s later).
    static func grader(_ checkout: URL, _ arguments: [String], timeout: Double = 60) throws -> (code: Int32, output: String) {
        let log = checkout.deletingLastPathComponent().appendingPathComponent("grader-\(UUID().uuidString.prefix(8)).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let process = try launch(checkout, arguments, log: log)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            let grace = Date().addingTimeInterval(5)
            while process.isRunning && Date() < grace { Thread.sleep(forTimeInterval: 0.02) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// Starts the grader on `checkout`, its output in `log`, its input not a terminal, without the
    /// grader's own switches this process may have.
    static func launch(_ checkout: URL, _ arguments: [String], log: URL) throws -> Process {
        guard let grader = MiniCourse.grader else {
            throw XCTSkip("no KataGrader beside the test product: build it with `swift build --build-tests` first")
        }
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = grader
        process.arguments = [checkout.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        for name in environment.keys where name.hasPrefix("KATA_") { environment[name] = nil }
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? handle.close()
        return process
    }
}
