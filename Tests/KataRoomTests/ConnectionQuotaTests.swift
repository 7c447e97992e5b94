import XCTest
@testable import KataRoom

/// One machine's connections, or several machines' idle ones, cannot take the room from the rest.
final class ConnectionQuotaTests: XCTestCase {
    func testOneMachineGetsItsIdleShareAndEveryOtherMachineKeepsTheRest() {
        var quota = ConnectionQuota(total: 200, perMachine: 32, idleTotal: 64, idlePerMachine: 8)
        let flood = (0..<200).map { quota.admit("10.0.0.5", connection: Int32($0)) }

        XCTAssertEqual(flood.filter { $0 == .admitted(closing: nil) }.count, 8)
        XCTAssertEqual(flood.filter { $0 == .refused(.machineFull) }.count, 192)
        XCTAssertEqual(quota.admit("10.0.0.6", connection: 500), .admitted(closing: nil))
        XCTAssertEqual(quota.count, 9)
    }

    func testAMachineThatSendsItsRequestsMayHoldMoreThanItsIdleShare() {
        var quota = ConnectionQuota(total: 200, perMachine: 32, idleTotal: 64, idlePerMachine: 8)
        for connection in Int32(0)..<40 {
            if quota.admit("10.0.0.5", connection: connection) == .admitted(closing: nil) { quota.requestArrived(connection) }
        }
        XCTAssertEqual(quota.open["10.0.0.5"], 32, "its requests are served; its machine's cap still holds")
    }

    func testWhenIdleConnectionsFillTheRoomTheOldestOfTheBiggestHolderMakesWay() {
        var quota = ConnectionQuota(total: 200, perMachine: 32, idleTotal: 4, idlePerMachine: 3)
        XCTAssertEqual(quota.admit("a", connection: 1), .admitted(closing: nil))
        XCTAssertEqual(quota.admit("b", connection: 2), .admitted(closing: nil))
        XCTAssertEqual(quota.admit("b", connection: 3), .admitted(closing: nil))
        XCTAssertEqual(quota.admit("a", connection: 4), .admitted(closing: nil))
        XCTAssertEqual(quota.admit("c", connection: 5), .admitted(closing: 1), "a and b hold two each: the oldest of theirs goes")
        XCTAssertEqual(quota.idle.map(\.connection), [2, 3, 4, 5])
        quota.release("a", connection: 1)
        XCTAssertEqual(quota.admit("c", connection: 6), .admitted(closing: 2), "b holds the most")
        XCTAssertEqual(quota.count, 5, "the closed one counts until its thread ends")
    }

    func testClosedConnectionsFreeTheirSlots() {
        var quota = ConnectionQuota(total: 3, perMachine: 2, idleTotal: 10, idlePerMachine: 10)
        XCTAssertEqual(quota.admit("a", connection: 1), .admitted(closing: nil))
        XCTAssertEqual(quota.admit("a", connection: 2), .admitted(closing: nil))
        XCTAssertEqual(quota.admit("a", connection: 3), .refused(.machineFull))
        XCTAssertEqual(quota.admit("b", connection: 4), .admitted(closing: nil))
        XCTAssertEqual(quota.admit("c", connection: 5), .refused(.roomFull))

        quota.release("a", connection: 1)
        XCTAssertEqual(quota.admit("c", connection: 5), .admitted(closing: nil))
        XCTAssertEqual(quota.open, ["a": 1, "b": 1, "c": 1])
        quota.release("nobody", connection: 99)
        XCTAssertEqual(quota.count, 3)
    }

    func testALaptopsManyIPv6AddressesAreOneMachine() {
        XCTAssertEqual(ConnectionQuota.machine(of: "2001:db8:1:2:aaaa::1"), ConnectionQuota.machine(of: "2001:db8:1:2:bbbb:cccc:dddd:eeee"))
        XCTAssertEqual(ConnectionQuota.machine(of: "2001:db8:1:2::1"), "2001:db8:1:2::/64")
        XCTAssertNotEqual(ConnectionQuota.machine(of: "2001:db8:1:2::1"), ConnectionQuota.machine(of: "2001:db8:1:3::1"))
        XCTAssertEqual(ConnectionQuota.machine(of: "fe80::1%en0"), "fe80:0:0:0::/64")
        XCTAssertEqual(ConnectionQuota.machine(of: "::ffff:192.168.1.7"), "192.168.1.7")
        XCTAssertEqual(ConnectionQuota.machine(of: "192.168.1.7"), "192.168.1.7")
    }

    func testARefusalSaysWhyWithAStatusTheSenderKeepsItsResultsFor() {
        XCTAssertEqual(ConnectionQuota.Refusal.machineFull.response.status, 429)
        XCTAssertEqual(ConnectionQuota.Refusal.roomFull.response.status, 503)
    }
}
