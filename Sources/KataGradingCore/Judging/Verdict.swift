import Foundation
import KataVerdicts

/// The grader's judgement of one exercise: a verdict, one line of why, and what to do next.
public struct Verdict: Sendable, Equatable {
    /// The eleven verdicts, shared with the room (`KataVerdicts`).
    public typealias Kind = VerdictKind

    public var kind: Kind
    public var reason: String
    /// Extra lines under the reason, such as the hint of each bug the tests missed.
    public var details: [String] = []
    public var next: String?
    public var chaffsCaught = 0
    public var chaffsTotal = 0
    public var missedChaffs: [String] = []
    /// The missed chaffs on which the tests hung until killed rather than failing (a subset of
    /// `missedChaffs`), so the "Next" card can say "bound your wait" only when that is the cause.
    public var missedChaffsThatHung: [String] = []
    /// Waits in the attendee's files as long as the time limit (`File.swift:12 waits 10 s`), when
    /// the tests hung: the likely cause, rather than a wait with no timeout.
    public var longWaits: [String] = []
    /// Test time of the real run, when it ran.
    public var seconds: Double?
    /// Judged from runs made through `swift test`, because this machine's private channel was
    /// silent (the grader's `ChannelFallback`): less protected.
    public var viaSwiftPM = false
    /// The seed of the generated wheat (`Perturbation`) that made the verdict rejects correct
    /// code or flaky, which `grade.sh ID --seed SEED` replays; nil when no perturbation did.
    public var perturbationSeed: UInt32?
    /// What a rejection's advice (`next`) answers, for a rejection of correct code or a suite with
    /// no room past the contract; nil for every other verdict.
    public var cause: Cause?

    /// Why a suite rejects correct code, as the judge tells it from how the tests failed.
    public enum Cause: String, Sendable, Equatable {
        /// A wait's deadline ran out before what the contract allows.
        case deadline
        /// A check assumed when the answer comes (a fixed sleep, a check right after the call).
        case assumedTime = "assumed-time"
        /// The tests pass inside the contract and fail just past it: no room to spare.
        case noRoom = "no-room"
        case order
        case sharedState = "shared-state"
        case form
        case count
        case input
    }

    public init(kind: Kind, reason: String, details: [String] = [], next: String? = nil, chaffsCaught: Int = 0,
                chaffsTotal: Int = 0, missedChaffs: [String] = [], missedChaffsThatHung: [String] = [],
                longWaits: [String] = [], seconds: Double? = nil) {
        self.kind = kind
        self.reason = reason
        self.details = details
        self.next = next
        self.chaffsCaught = chaffsCaught
        self.chaffsTotal = chaffsTotal
        self.missedChaffs = missedChaffs
        self.missedChaffsThatHung = missedChaffsThatHung
        self.longWaits = longWaits
        self.seconds = seconds
    }
}
