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

    /// The saved state, or a new room with a fresh code; either way with an instructor key (a room
    /// saved before keys existed gets one now). Not saved: the caller saves once it is serving.
    ///
    /// With `code`, the room of that code: the saved one when it has that code, else a new room
    /// that takes it, so that an instructor whose saved state is gone (another laptop, a lost
    /// folder) reopens the room the attendees joined. Their checkouts join it again at their next
    /// grade (`RoomLink.send`). A saved room of another code is never replaced: that is an error
    /// naming both codes.
    public func loadOrCreate(code wanted: String? = nil) throws -> (state: RoomState, isNew: Bool) {
        let saved = try load()
        let code = try wanted.map(RoomCode.checkChosen)
        if let saved, let code, saved.code != code {
            throw RoomStoreError("this checkout's room is \(saved.code) (kept in \(file.path)), not \(code). "
                + "Run --room-serve without --code to reopen \(saved.code), or move that file away to open \(code).")
        }
        var state = saved ?? RoomState(code: code ?? RoomCode.newRoomCode())
        if state.instructorKey == nil { state.instructorKey = RoomCode.newToken() }
        return (state, saved == nil)
    }

    public func save(_ state: RoomState) throws {
        // The folder holds every attendee's token and the instructor key: the owner's alone.
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(state).write(to: file, options: .atomic)
    }
}

public struct RoomStoreError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
