import Foundation
@testable import KataRoom

/// A three-exercise course and helpers shared by the room's tests.
enum RoomFixtures {
    static let catalog = RoomCatalog(exercises: [
        .init(id: "first", title: "First", pattern: "mocking", bugHints: ["never-calls": "It never calls back.", "calls-twice": "It calls back twice."]),
        .init(id: "second", title: "Second", pattern: "mocking", bugHints: ["wrong-url": "The URL is wrong."]),
        .init(id: "third", title: "Third", pattern: "expectations"),
    ])
    static let code = "ROOM42"
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func join(_ id: String, name: String = "Ana") -> JoinRequest {
        JoinRequest(code: code, attendee: id, token: token(id), name: name)
    }

    static func token(_ id: String) -> String { "token" + String(repeating: "x", count: 12) + id.filter(\.isNumber) }

    static func post(_ id: String, _ entries: [ResultsPost.Entry]) -> ResultsPost {
        ResultsPost(code: code, attendee: id, token: token(id), results: entries)
    }

    static func stateWith(_ ids: String...) throws -> RoomState {
        var state = RoomState(code: code)
        for id in ids { _ = try state.join(join(id), now: start) }
        return state
    }
}
