// Exercise flaky-tests-timeout (Swift Testing): A timeout a little too short.
import Foundation
import Testing
import FlakyTests

// These tests await the completion, as they should, but with a timeout of 0.3 s: the retry took
// 150 ms on the author's machine, "so twice that is safe". It is not. The 150 ms is the back-off
// the charts server asks for today, and it may ask for up to a second; add a busy CI machine, and
// the answer comes after the wait has given up. The timeout was sized to one run on one machine,
// not to what the code promises.
//
// The idea: size a timeout above the slowest correct answer, with room to spare. It costs nothing:
// `awaitCallback` (AwaitCallback.swift, ready to use) resumes as soon as the completion comes, and
// a timeout is only waited out when the completion never comes at all.
@Suite struct ChartsLoaderSuite {
    @Test func aFailedFirstTryIsTriedAgain() async throws {
        let client = ScriptedClient(answers: [.failure(Busy()), .success(["Bohemian Rhapsody"])])
        let loader = ChartsLoader(client: client)
        let result = try await awaitCallback(timeout: 0.3) { loader.load(completion: $0) }  // 150 ms here: twice that
        #expect(try result.get() == ["Bohemian Rhapsody"])
        #expect(client.requests == 2)
    }

    @Test func aSuccessfulFirstTryIsNotRepeated() async throws {
        let client = ScriptedClient(answers: [.success(["Bohemian Rhapsody"])])
        let loader = ChartsLoader(client: client)
        let result = try await awaitCallback(timeout: 0.3) { loader.load(completion: $0) }
        #expect(try result.get() == ["Bohemian Rhapsody"])
        #expect(client.requests == 1)
    }

    // TODO: the tests above pass here, and fail on another schedule. Delete this one, then run
    // `Scripts/grade.sh flaky-tests-timeout@swift-testing`: it names the correct loader, slower
    // than yours, that they reject, and why. Then size their timeouts to what the loader promises.
    // The grade also prints the seed of the timing that failed them, and
    //     Scripts/grade.sh flaky-tests-timeout@swift-testing --seed N
    // replays exactly that timing, as often as you like, until your fix passes it.
    @Test func theseTestsSurviveAnotherSchedule() {
        Issue.record("TODO: the tests above pass here, and fail on another schedule: delete this one, then run Scripts/grade.sh flaky-tests-timeout@swift-testing to see the correct code they reject")
    }
}

private struct Busy: Error {}

/// Gives its answers in order, one per request, at once; a request beyond them fails.
private final class ScriptedClient: ChartsClient {
    private var answers: [Result<[String], Error>]
    private(set) var requests = 0

    init(answers: [Result<[String], Error>]) {
        self.answers = answers
    }

    func fetchCharts(completion: @escaping (Result<[String], Error>) -> Void) {
        requests += 1
        completion(answers.isEmpty ? .failure(Busy()) : answers.removeFirst())
    }
}
