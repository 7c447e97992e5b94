import Foundation

/// Who keeps watch over the grader's folder while code built from an attendee's files runs (the
/// grader's seal). Listing the tests of a binary runs such code: Swift Testing makes each test's
/// traits as it lists them, and a trait is the attendee's code. So the replay builds every binary
/// first, says so before it lists any (`willRunBuiltCode`), and names each file it writes itself
/// after that (`graderWrote`), so that only what the attendee's code changed stands out.
public protocol BuiltCodeWatch: AnyObject {
    /// Before the first run of anything built from the attendee's files: seals the grader's folder.
    func willRunBuiltCode()
    /// The grader itself wrote (or removed) these files, after `willRunBuiltCode`, while none of the
    /// attendee's code runs.
    func graderWrote(_ files: [URL])
}
