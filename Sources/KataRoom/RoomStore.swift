import Foundation

/// The room's state on disk, so that a restart (or a crash) keeps everything acknowledged.
///
/// Each change is written to a temporary file and renamed over the old one before the request is
/// answered: a reader, or a server killed mid-write, sees the old state or the new one, never half.
public struct RoomStore: Sendable {
    public var file: URL

    public init(file: URL) { self.file = file }

    /// The saved state, nil when there is none yet. A damaged file is an error, not a fresh room:
    /// silently starting over would lose the room.
    public func load() throws -> RoomState? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        do { return try JSONDecoder().decode(RoomState.self, from: data) } catch {
            throw RoomStoreError("\(file.path) is damaged (\(error.localizedDescription)). Move it away to start a new room.")
        }
    }

    public func save(_ state: RoomState) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(state).write(to: file, options: .atomic)
    }
}

public struct RoomStoreError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
