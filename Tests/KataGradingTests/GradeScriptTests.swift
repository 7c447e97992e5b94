import XCTest
@testable import KataGrading
import KataTestSupport
import KataRoom
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `Scripts/grade.sh` answers by itself, before the grader is built or when it cannot start:
/// each case in a fresh clone's stand-in (the script, the package manifest, the catalog, and the
/// option table it reads), so that nothing is built and each answer comes in well under a second.
final class GradeScriptTests: XCTestCase {
    let root = KataCheckout.root

    func freshClone() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grade-script-\(UUID().uuidString)")
        for file in ["Scripts/grade.sh", "Package.swift", "Catalog/catalog.json", "Sources/KataGrading/CLI/Options.swift"] {
            let to = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent(file), to: to)
        }
        addTeardownBlock { Self.makeWritable(folder); try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    static func makeWritable(_ folder: URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/chmod")
        process.arguments = ["-R", "u+w", folder.path]
        try? process.run()
        process.waitUntilExit()
    }

    /// Runs grade.sh in `checkout` with `arguments`; its exit status, standard error and seconds.
    func grade(_ checkout: URL, _ arguments: [String], path: String? = nil) throws -> (code: Int32, errors: String, seconds: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [checkout.appendingPathComponent("Scripts/grade.sh").path] + arguments
        var environment = ProcessInfo.processInfo.environment
        if let path { environment["PATH"] = path }
        environment["HOME"] = checkout.path
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), Date().timeIntervalSince(started))
    }

    /// Issue 46: `--join` with a 47-character name was refused only after a 170 s build, with exit 1.
    func test_joinWithANameTooLong_onAFreshClone_isRefusedInUnderASecond_withTheUsageExit() throws {
        let checkout = try freshClone()
        let name = String(repeating: "Ada Lovelace ", count: 4).prefix(47)
        let answer = try grade(checkout, ["--join", "http://192.168.1.20:8787/?room=K7QF2M", "--name", String(name)])
        XCTAssertEqual(answer.code, 2, answer.errors)
        XCTAssertLessThan(answer.seconds, 1, answer.errors)
        XCTAssertTrue(answer.errors.contains("1 to 40 characters"), answer.errors)
        XCTAssertFalse(answer.errors.contains("Building"), answer.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: checkout.appendingPathComponent(".build/kata/grader").path), "nothing was built")
        // The other mistakes it checks at once.
        XCTAssertEqual(try grade(checkout, ["--join", "192.168.1.20:8787", "--name", "Ada"]).code, 2)
        XCTAssertEqual(try grade(checkout, ["--join", "http://192.168.1.20:8787/?room=K7QF2M"]).code, 2)
        XCTAssertEqual(try grade(checkout, ["--wacth"]).code, 2)
        XCTAssertEqual(try grade(checkout, ["--name", ""]).code, 2)
    }

    /// The grader says the same of a name too long, as a usage error.
    func test_theGradersArguments_refuseAJoinNameTooLong_asAUsageError() {
        XCTAssertThrowsError(try Arguments.parse(["--join", "http://10.0.0.1:8787/?room=K7QF2M", "--name", String(repeating: "a", count: 47)])) {
            XCTAssertTrue($0 is Arguments.UsageError, "\($0)")
        }
        XCTAssertNoThrow(try Arguments.parse(["--join", "http://10.0.0.1:8787/?room=K7QF2M", "--name", "José Álvarez"]))
    }

    /// Issue 46: a NOT READY run (no swift on the PATH, exit 3) left the READY report of an earlier
    /// run in .build/kata/doctor.json. Every run writes its own, with every field of the schema.
    func test_doctorWithNoSwift_rewritesTheReport_notReady() throws {
        let path = "/usr/bin:/bin"
        guard !FileManager.default.isExecutableFile(atPath: "/usr/bin/swift"), !FileManager.default.isExecutableFile(atPath: "/bin/swift") else {
            throw XCTSkip("swift is in /usr/bin here: no PATH without it")
        }
        let checkout = try freshClone()
        let report = checkout.appendingPathComponent(".build/kata/doctor.json")
        try FileManager.default.createDirectory(at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"ready": true, "summary": "kata-doctor READY | an earlier run"}"#.utf8).write(to: report)

        let answer = try grade(checkout, ["--doctor"], path: path)
        XCTAssertEqual(answer.code, 3, answer.errors)
        let last = answer.errors.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(last.hasPrefix("kata-doctor NOT READY (no swift on the PATH) | "), answer.errors)
        let decoded = try JSONDecoder().decode(DoctorReport.self, from: Data(contentsOf: report))
        XCTAssertFalse(decoded.ready)
        XCTAssertEqual(decoded.summary, last)
        XCTAssertEqual(decoded.checks.map(\.name), ["swift"])
        XCTAssertEqual(decoded.checks.first?.status, "fail")
        XCTAssertNil(decoded.machine.swift)
        // Every field present, null where it does not apply (docs/doctor-json.md).
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["version", "ready", "summary", "attendee", "host", "generatedAt", "seconds", "machine", "checks", "grades", "fallback"])
        let machine = try XCTUnwrap(object["machine"] as? [String: Any])
        XCTAssertEqual(Set(machine.keys), ["system", "simulated", "os", "swift", "swiftVersionOutput", "developerDirectory", "cores", "freeBytes", "shell", "checkout", "kataCommit"])
    }

    /// Issue 46: the room's ⚠ badge could not be made to appear: every real NOT READY run ended in
    /// grade.sh (no swift, a grader that does not build), which sent nothing. It sends the badge,
    /// as the grader does (RoomLink.send: no results, the doctor's summary).
    func test_doctorWithNoSwift_inAJoinedCheckout_showsNotReadyInTheRoom() throws {
        let path = "/usr/bin:/bin"
        guard !FileManager.default.isExecutableFile(atPath: "/usr/bin/swift"), FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
            throw XCTSkip("needs a PATH without swift, and curl")
        }
        let stateFile = FileManager.default.temporaryDirectory.appendingPathComponent("room-\(UUID().uuidString)/state.json")
        defer { try? FileManager.default.removeItem(at: stateFile.deletingLastPathComponent()) }
        let catalog = RoomCatalog(exercises: [.init(id: "mocking-request", title: "The request", pattern: "mocking")])
        let server = RoomServer(service: RoomService(state: RoomState(code: "ROOM42"), catalog: catalog, store: RoomStore(file: stateFile)))
        let port = try server.start(address: "127.0.0.1", port: 0)
        defer { server.stop() }

        let checkout = try freshClone()
        let link = RoomLink(stateDirectory: checkout.appendingPathComponent(".kata"))
        try FileManager.default.createDirectory(at: checkout.appendingPathComponent(".kata"), withIntermediateDirectories: true)
        let joined = try link.join(url: "http://127.0.0.1:\(port)/?room=ROOM42", name: "Ada Lovelace")

        let answer = try grade(checkout, ["--doctor"], path: path)
        XCTAssertEqual(answer.code, 3, answer.errors)
        XCTAssertTrue(answer.errors.contains("not ready (⚠)"), answer.errors)
        let badge = try XCTUnwrap(server.service.currentState.attendee(joined.attendee)?.doctor, answer.errors)
        XCTAssertFalse(badge.ready)
        XCTAssertTrue(badge.summary.hasPrefix("kata-doctor NOT READY (no swift on the PATH) | "), badge.summary)
    }

    /// Issue 46: in a read-only checkout no `kata-doctor …` line was printed. The line always ends
    /// the run, and says the report could not be written.
    func test_doctorInAReadOnlyCheckout_endsWithTheLineToPaste() throws {
        guard getuid() != 0 else { throw XCTSkip("root writes into a read-only folder") }
        let checkout = try freshClone()
        let chmod = Process()
        chmod.executableURL = URL(fileURLWithPath: "/bin/chmod")
        chmod.arguments = ["-R", "a-w", checkout.path]
        try chmod.run()
        chmod.waitUntilExit()

        let answer = try grade(checkout, ["--doctor"])
        XCTAssertEqual(answer.code, 3, answer.errors)
        let lines = answer.errors.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.last?.hasPrefix("kata-doctor NOT READY (the checkout cannot be written) | ") ?? false, answer.errors)
        XCTAssertTrue(answer.errors.contains("No report file"), answer.errors)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  chmod -R u+w ") }, "the fix, on a line of its own: \(answer.errors)")
    }
}
