// Exercise mocking-success (Swift Testing): the success response.
// Honest styles the repository's solution does not use: a .serialized suite of parameterized
// tests, with tags and a .timeLimit as a hang guard.

import Foundation
import Testing
import Mocking

extension Tag {
    @Tag static var decoding: Self
}

@Suite(.serialized, .tags(.decoding), .timeLimit(.minutes(1)))
struct SearchSuccessResponseSuite {
    struct Case: Sendable, CustomTestStringConvertible {
        let names: [String]
        var testDescription: String { "\(names.count) track(s)" }
        var json: String {
            let results = names.map { #"{"wrapperType": "track", "trackName": "\#($0)", "artistName": "Daft Punk", "extra": 1}"# }
            return #"{"resultCount": \#(names.count), "results": [\#(results.joined(separator: ", "))]}"#
        }
    }

    @Test("search hands back every track, in order", .tags(.decoding),
          arguments: [Case(names: ["One More Time"]), Case(names: ["One More Time", "Around the World"]),
                      Case(names: ["One More Time", "Around the World", "Digital Love"])])
    func searchDeliversTheTracks(_ example: Case) throws {
        let httpClient = MockHTTPClient()
        httpClient.result = .success(Data(example.json.utf8))
        let sut = MusicService(httpClient: httpClient)
        var result: Result<[Track], Error>?

        sut.search("daft punk") { result = $0 }

        let tracks = try #require(result, "search never called its completion").get()
        #expect(tracks == example.names.map { Track(trackName: $0, artistName: "Daft Punk") })
    }
}
