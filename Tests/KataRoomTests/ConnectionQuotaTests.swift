import XCTest
@testable import KataRoom

/// One machine's connections cannot take the slots of the rest of the room.
final class ConnectionQuotaTests: XCTestCase {
    func testOneAddressGetsItsShareAndEveryOtherAddressKeepsTheRest() {
        var quota = ConnectionQuota(total: 200, perAddress: 32)
        let flood = (0..<200).map { _ in quota.admit("10.0.0.5") }

        XCTAssertEqual(flood.filter { $0 == nil }.count, 32)
        XCTAssertEqual(flood.filter { $0 == .addressFull }.count, 168)
        XCTAssertNil(quota.admit("10.0.0.6"))
        XCTAssertEqual(quota.count, 33)
    }

    func testAClosedConnectionFreesItsSlot() {
        var quota = ConnectionQuota(total: 3, perAddress: 2)
        XCTAssertNil(quota.admit("a"))
        XCTAssertNil(quota.admit("a"))
        XCTAssertEqual(quota.admit("a"), .addressFull)
        XCTAssertNil(quota.admit("b"))
        XCTAssertEqual(quota.admit("c"), .roomFull)

        quota.release("a")
        XCTAssertNil(quota.admit("c"))
        XCTAssertEqual(quota.open, ["a": 1, "b": 1, "c": 1])
        quota.release("nobody")
        XCTAssertEqual(quota.count, 3)
    }

    func testARefusalSaysWhyWithAStatusTheSenderKeepsItsResultsFor() {
        XCTAssertEqual(ConnectionQuota.Refusal.addressFull.response.status, 429)
        XCTAssertEqual(ConnectionQuota.Refusal.roomFull.response.status, 503)
    }
}
