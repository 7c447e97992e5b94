import Answer
import Testing

@Test func answerIs42() { #expect(answer() == "42") }
@Test func exitTest() async { await #expect(processExitsWith: .failure) { fatalError("exits") } }
