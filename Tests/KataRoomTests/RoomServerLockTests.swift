#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCTest
@testable import KataRoom

/// Two room servers on one checkout would save over each other's state.
final class RoomServerLockTests: XCTestCase {
    var folder: URL!

    override func setUp() { folder = FileManager.default.temporaryDirectory.appendingPathComponent("room-lock-\(UUID().uuidString)") }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func testASecondServerIsRefusedInOneLineNamingTheFirstsPidAndURL() throws {
        let first = try RoomServerLock.acquire(in: folder)
        defer { first.release() }
        first.announce(url: "http://192.168.1.20:8787/", code: "K7QF2M")

        XCTAssertThrowsError(try RoomServerLock.acquire(in: folder)) { error in
            let line = "\(error)"
            XCTAssertEqual(line, "room K7QF2M is already open on this checkout (pid \(getpid()), http://192.168.1.20:8787/): "
                + "use that one, or stop it first (Ctrl-C in its terminal, or kill \(getpid())).")
            XCTAssertFalse(line.contains("\n"))
        }
    }

    func testAServerStillStartingIsNamedByItsPid() throws {
        let first = try RoomServerLock.acquire(in: folder)
        defer { first.release() }
        XCTAssertThrowsError(try RoomServerLock.acquire(in: folder)) { XCTAssertTrue("\($0)".contains("pid \(getpid())"), "\($0)") }
    }

    func testOnceReleasedTheNextServerOpensTheRoom() throws {
        try RoomServerLock.acquire(in: folder).release()
        let next = try RoomServerLock.acquire(in: folder)
        next.release()
    }
}
