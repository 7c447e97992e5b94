import Foundation

/// The grader builds each track as a test module of its own (`Grade_expectations_wait__swift_testing`,
/// `Catalog.Exercise.targetName`), and the frameworks name it in what they report: a type in a failed
/// `#expect` reads `Grade_expectations_wait__swift_testing.Box`. An attendee wrote `Box` in the
/// kata's own test target, so every verdict is put back in those words before anyone reads it
/// (the text, the porcelain lines, the JSON, the room).
public enum GraderNames {
    /// `text` with each of the grader's module names replaced by `module`, the attendee's own
    /// test target (`ExpectationsExercises`), as plain `swift test` would name it.
    public static func attendees(_ text: String, module: String) -> String {
        guard text.contains(prefix) else { return text }
        var result = ""
        var rest = text[...]
        while let found = rest.range(of: prefix) {
            // Only a whole name: `Grade_` starting a word, not inside a longer one.
            let before = found.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: found.lowerBound)]
            result += rest[..<found.lowerBound]
            if let before, before.isLetter || before.isNumber || before == "_" {
                result += prefix
                rest = rest[found.upperBound...]
                continue
            }
            let name = rest[found.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            result += module
            rest = rest[name.endIndex...]
        }
        return result + rest
    }

    static let prefix = "Grade_"
}

extension Verdict {
    /// This verdict in the attendee's names: no grader module name in its reason, details or advice.
    public func inAttendeesNames(module: String) -> Verdict {
        var verdict = self
        verdict.reason = GraderNames.attendees(reason, module: module)
        verdict.details = details.map { GraderNames.attendees($0, module: module) }
        verdict.next = next.map { GraderNames.attendees($0, module: module) }
        verdict.longWaits = longWaits.map { GraderNames.attendees($0, module: module) }
        return verdict
    }
}
