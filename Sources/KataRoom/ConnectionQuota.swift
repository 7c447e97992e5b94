import Foundation

/// Who may hold an open connection to the room, and for how long one that has not sent its
/// request yet (an *idle* one) may keep its slot:
/// - at most `total` connections at once, and `perMachine` from any one machine;
/// - at most `idlePerMachine` idle ones from one machine: beyond that its new connections are
///   refused at once;
/// - at most `idleTotal` idle ones in all: the next one is let in by closing the oldest idle
///   connection of the machine that holds the most, so that a machine, or several, that open
///   connections and send nothing cannot lock the room's page out (each honest request is idle
///   for a few milliseconds only, and `RoomServer` closes an idle one after its short deadline).
///
/// A machine is an IPv4 address, or an IPv6 /64 network: a laptop can have many IPv6 addresses,
/// all in one /64. A value type with no clock and no socket, so that the rule is tested with plain
/// values; `RoomServer` owns one behind its lock.
public struct ConnectionQuota: Sendable, Equatable {
    public var total: Int
    public var perMachine: Int
    public var idleTotal: Int
    public var idlePerMachine: Int
    /// Open connections by machine.
    public private(set) var open: [String: Int] = [:]
    public private(set) var count = 0
    /// The idle connections, oldest first.
    public private(set) var idle: [(connection: Int32, machine: String)] = []

    public init(total: Int, perMachine: Int, idleTotal: Int, idlePerMachine: Int) {
        self.total = total
        self.perMachine = perMachine
        self.idleTotal = idleTotal
        self.idlePerMachine = idlePerMachine
    }

    public static func == (lhs: ConnectionQuota, rhs: ConnectionQuota) -> Bool {
        lhs.open == rhs.open && lhs.count == rhs.count && lhs.idle.map(\.connection) == rhs.idle.map(\.connection)
    }

    public enum Refusal: Equatable, Sendable {
        /// The room holds `total` connections already.
        case roomFull
        /// This machine holds `perMachine` connections, or `idlePerMachine` idle ones, already.
        case machineFull

        /// The answer the refused client reads, when it reads one.
        public var response: HTTPResponse {
            switch self {
            case .roomFull: .error(503, "the room has too many connections open right now; the next grade sends again")
            case .machineFull: .error(429, "too many connections at once from this machine; close some and retry")
            }
        }
    }

    public enum Admission: Equatable, Sendable {
        /// Let in; `closing`, when not nil, is the idle connection to close to make room for it.
        case admitted(closing: Int32?)
        case refused(Refusal)
    }

    /// The machine an address belongs to: the address itself (IPv4, or an IPv4 address mapped
    /// into IPv6), or its IPv6 /64 network.
    public static func machine(of address: String) -> String {
        let bare = address.split(separator: "%").first.map(String.init) ?? address
        if bare.lowercased().hasPrefix("::ffff:"), bare.contains(".") { return String(bare.dropFirst(7)) }
        guard bare.contains(":") else { return bare }
        // Expand "::" so that the first four groups are the network's.
        let halves = bare.components(separatedBy: "::")
        let head = halves[0].split(separator: ":", omittingEmptySubsequences: false).filter { !$0.isEmpty }.map(String.init)
        let tail = halves.count > 1 ? halves[1].split(separator: ":").map(String.init) : []
        let groups = head + Array(repeating: "0", count: max(0, 8 - head.count - tail.count)) + tail
        return groups.prefix(4).map { String(Int($0, radix: 16) ?? 0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// Counts `connection`, new from `address` and idle until `requestArrived`, or says why not.
    public mutating func admit(_ address: String, connection: Int32) -> Admission {
        let machine = Self.machine(of: address)
        // Connections closed to make room count until their threads end: never more than this.
        guard count < total + idleTotal else { return .refused(.roomFull) }
        guard open[machine, default: 0] < perMachine, idle.filter({ $0.machine == machine }).count < idlePerMachine else {
            return .refused(.machineFull)
        }
        var closing: Int32?
        if idle.count >= idleTotal {
            // The oldest idle connection of the machine that holds the most idle ones.
            var held: [String: Int] = [:]
            for entry in idle { held[entry.machine, default: 0] += 1 }
            let most = held.values.max() ?? 0
            if let index = idle.firstIndex(where: { held[$0.machine] == most }) {
                closing = idle[index].connection
                idle.remove(at: index)
            }
        } else if count >= total {
            return .refused(.roomFull)
        }
        open[machine, default: 0] += 1
        count += 1
        idle.append((connection, machine))
        return .admitted(closing: closing)
    }

    /// `connection` sent its whole request: it is no longer idle.
    public mutating func requestArrived(_ connection: Int32) {
        idle.removeAll { $0.connection == connection }
    }

    /// `connection`, from `address`, closed.
    public mutating func release(_ address: String, connection: Int32) {
        let machine = Self.machine(of: address)
        idle.removeAll { $0.connection == connection }
        guard let held = open[machine] else { return }
        open[machine] = held > 1 ? held - 1 : nil
        count -= 1
    }
}
