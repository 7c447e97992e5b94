import Foundation
import KataRoom
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who is grading, for the JSON results a room collects: a name the attendee sets once with
/// `grade.sh --name` (or `--join --name`), kept in the attendee's state folder (`AttendeeState`),
/// else user@host.
public struct Attendee: Sendable, Equatable {
    public var name: String
    public var host: String

    public static let anonymous = Attendee(name: "unknown", host: "unknown")

    static func file(_ paths: KataPaths) -> URL { paths.attendeeState.appendingPathComponent("name") }

    public static func load(_ paths: KataPaths) -> Attendee {
        let host = hostName()
        let saved = (try? String(contentsOf: file(paths), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let saved, !saved.isEmpty { return Attendee(name: saved, host: host) }
        // Joined by an older grader, which kept the room's name apart: it is the attendee's name.
        if let joined = RoomLink(stateDirectory: paths.attendeeState).membership { return Attendee(name: joined.name, host: host) }
        let user = ProcessInfo.processInfo.environment["USER"] ?? ProcessInfo.processInfo.environment["LOGNAME"] ?? NSUserName()
        return Attendee(name: "\(user)@\(host)", host: host)
    }

    /// `gethostname` itself: Foundation's `hostName` may ask DNS, which can stall on a room's Wi-Fi.
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: ".").first.map(String.init) ?? ""
        return name.isEmpty ? "unknown" : name
    }

    /// Saves the name for later grades, in the attendee's state folder.
    public static func save(_ name: String, _ paths: KataPaths) throws {
        try FileManager.default.createDirectory(at: paths.attendeeState, withIntermediateDirectories: true)
        try Data((name.trimmingCharacters(in: .whitespacesAndNewlines) + "\n").utf8).write(to: file(paths), options: .atomic)
    }
}
