import Foundation

/// Who may hold an open connection to the room: at most `total` at once, and at most `perAddress`
/// from any one address. A laptop that opens 200 idle connections gets `perAddress` of them,
/// each until its request deadline, and the rest of the room keeps the other slots.
///
/// A value type with no clock and no socket, so that the rule is tested with plain values;
/// `RoomServer` owns one behind its lock.
public struct ConnectionQuota: Sendable, Equatable {
    public var total: Int
    public var perAddress: Int
    public private(set) var open: [String: Int] = [:]
    public private(set) var count = 0

    public init(total: Int, perAddress: Int) {
        self.total = total
        self.perAddress = perAddress
    }

    public enum Refusal: Equatable, Sendable {
        /// The room holds `total` connections already.
        case roomFull
        /// This address holds `perAddress` already.
        case addressFull

        /// The answer the refused client reads, when it reads one.
        public var response: HTTPResponse {
            switch self {
            case .roomFull: .error(503, "the room has too many connections open right now; the next grade sends again")
            case .addressFull: .error(429, "too many connections at once from this machine; close some and retry")
            }
        }
    }

    /// Counts a new connection from `address`, or says why not.
    public mutating func admit(_ address: String) -> Refusal? {
        guard count < total else { return .roomFull }
        guard open[address, default: 0] < perAddress else { return .addressFull }
        open[address, default: 0] += 1
        count += 1
        return nil
    }

    /// A connection from `address` closed.
    public mutating func release(_ address: String) {
        guard let held = open[address] else { return }
        open[address] = held > 1 ? held - 1 : nil
        count -= 1
    }
}
