import Foundation

/// What the room's "Explain next" tells everyone about a rejection of correct code, by its cause.
///
/// Each attendee's grade names why correct code failed their tests (`Verdict.cause`, the `cause`
/// of a results file and of a room post): a deadline too short for the contract, a check at a
/// fixed time, no room past the contract's edge, an order, shared state, a result's form, a count,
/// an input. Explain next gives the lesson of the cause most of the desks failing an exercise
/// have, in words said to a whole room (the terminal's advice is said to one attendee).
public enum RoomLessons {
    public struct Lesson: Sendable, Equatable {
        /// A few words for the line's head: "deadline too short".
        public var title: String
        /// What the room hears: what their tests do, and what to do instead.
        public var text: String
        /// A cause of timing, shown with the clock sign (◷).
        public var timing: Bool
    }

    /// A suite a timing change rejected, sent by a grader that did not name the cause yet.
    public static let unnamedTiming = "timing"

    /// The causes the room knows, in the order that breaks a tie between two equally common ones
    /// (the timing causes first: they are the course's main lesson).
    public static let order = ["deadline", "assumed-time", "no-room", "order", "shared-state", "form", "count", "input", unnamedTiming]

    /// The lesson of `cause`; a cause this room does not know (a newer grader's) gets a general one.
    public static func lesson(_ cause: String) -> Lesson {
        switch cause {
        case "deadline":
            Lesson(title: "deadline too short",
                   text: "Their tests do wait for the answer, but give up before the code may answer: the deadline is shorter than what the contract allows. Keep the wait and give it a deadline several times the contract's longest delay; a wait ends when the answer comes, so a long timeout costs nothing.",
                   timing: true)
        case "assumed-time":
            Lesson(title: "checks at a fixed time",
                   text: "Their tests check at a moment they chose (after a fixed sleep, or right after the call) and the correct code answered later. Wait for the event itself (an expectation, an await, a poll with a deadline), not for a fixed time.",
                   timing: true)
        case "no-room":
            Lesson(title: "no room to spare",
                   text: "Their tests pass only at the very edge of what the contract allows: a busy or slower machine answers a little later, and they fail. Leave room: a timeout several times the contract's longest delay.",
                   timing: true)
        case "order":
            Lesson(title: "assumes an order",
                   text: "Their tests expect an order the code never promised, and a correct version did things in another. Check what is promised (each item once, the end after all), not the order this version happens to use.",
                   timing: false)
        case "shared-state":
            Lesson(title: "shared state",
                   text: "Their tests share state (a shared cache, a default instance): another order or a second run sees what an earlier test left. Each test builds its own instance of everything it touches.",
                   timing: false)
        case "form":
            Lesson(title: "checks the form, not the meaning",
                   text: "Their tests check how a result is spelled or produced, and a correct version gave the same result in another form. Check what the result means (the values, the items).",
                   timing: false)
        case "count":
            Lesson(title: "expects an exact count",
                   text: "Their tests expect exactly as many progress reports as this version makes, and a correct version made another number. Check what the contract promises (a range, the last report).",
                   timing: false)
        case "input":
            Lesson(title: "an input the code never gets",
                   text: "Their tests fail a correct version only on an input the real world never gives it. Give each case what the real code would receive, one kind of reply at a time.",
                   timing: false)
        case unnamedTiming:
            Lesson(title: "rejected by a timing change",
                   text: "Their tests fail when the code takes its time within what it promises (each attendee's grade names the cause and a --seed to replay it). Wait for the event, with a deadline well past what the contract allows.",
                   timing: true)
        default:
            Lesson(title: "rejects correct code",
                   text: "Their tests fail on a correct version of the code; each attendee's grade says how it differs and what to do.",
                   timing: false)
        }
    }
}
