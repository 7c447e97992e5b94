import Foundation
import KataVerdicts

/// `POST /api/join`: a checkout introduces itself. The checkout makes up its own id and secret
/// token, so a join that is retried after a lost answer lands on the same row.
public struct JoinRequest: Codable, Sendable, Equatable {
    public var code: String
    public var attendee: String
    public var token: String
    public var name: String

    public init(code: String, attendee: String, token: String, name: String) {
        self.code = code
        self.attendee = attendee
        self.token = token
        self.name = name
    }
}

/// `POST /api/results`: the verdicts of one or more grades of one checkout.
public struct ResultsPost: Codable, Sendable, Equatable {
    public var code: String
    public var attendee: String
    public var token: String
    public var results: [Entry]
    /// The checkout's last pre-workshop check (`grade.sh --doctor`), when this post carries one.
    public var doctor: DoctorBadge?

    public struct Entry: Codable, Sendable, Equatable {
        public var id: String
        public var verdict: VerdictKind
        public var missed: [String]
        public var seq: Int
        /// The track graded: `xctest` or `swift-testing`. Absent from older graders, whose results
        /// then stand for the exercise whatever its track.
        public var framework: String?
        /// True when a timing change the code's contract allows (a generated perturbation) made
        /// the verdict rejects correct code or flaky. Sent only when true; absent (older graders,
        /// and every other verdict) means false.
        public var perturbed: Bool?
        /// Why correct code failed the tests (`Verdict.cause`: `deadline`, `assumed-time`, `no-room`,
        /// `order`, `shared-state`, `form`, `count`, `input`), for a rejection of correct code or a
        /// flaky verdict. Absent from older graders and for every other verdict; a cause this room
        /// does not know (a newer grader's) is kept and explained in general words.
        public var cause: String?

        public init(id: String, verdict: VerdictKind, missed: [String] = [], seq: Int, framework: String? = nil, perturbed: Bool = false,
                    cause: String? = nil) {
            self.id = id
            self.verdict = verdict
            self.missed = missed
            self.seq = seq
            self.framework = framework
            self.perturbed = perturbed ? true : nil
            self.cause = cause
        }

        /// What the room keeps one result per: the exercise on its track.
        public var trackKey: String { TrackKey(id: id, framework: framework).description }
    }

    public init(code: String, attendee: String, token: String, results: [Entry], doctor: DoctorBadge? = nil) {
        self.code = code
        self.attendee = attendee
        self.token = token
        self.results = results
        self.doctor = doctor
    }
}

/// What the room shows of a machine's pre-workshop check: ready or not, and the doctor's one-line
/// summary (docs/doctor-json.md), as a badge beside the attendee's name.
public struct DoctorBadge: Codable, Sendable, Equatable {
    public var ready: Bool
    public var summary: String

    public static let longestSummary = 400

    public init(ready: Bool, summary: String) {
        self.ready = ready
        self.summary = summary
    }
}

/// `POST /api/leave`: a checkout takes its own row off the page (`grade.sh --leave`).
public struct LeaveRequest: Codable, Sendable, Equatable {
    public var code: String
    public var attendee: String
    public var token: String

    public init(code: String, attendee: String, token: String) {
        self.code = code
        self.attendee = attendee
        self.token = token
    }
}

/// `POST /api/instructor`, `/api/remove` and `/api/rename`: what only the holder of the instructor
/// key may do. `attendee` names the row (absent for the key check), `name` the new name.
public struct InstructorRequest: Codable, Sendable, Equatable {
    public var key: String
    public var attendee: String?
    public var name: String?

    public init(key: String, attendee: String? = nil, name: String? = nil) {
        self.key = key
        self.attendee = attendee
        self.name = name
    }
}

/// The checks of docs/room-api.md that JSON decoding alone does not make. Every string that
/// reaches the state passes here, so the page and the saved file only ever hold short, printable
/// values.
public enum RoomValidation {
    public static let maxName = 40
    public static let maxResults = 200
    public static let maxMissed = 32

    public static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        do { return try JSONDecoder().decode(type, from: body) } catch let error as DecodingError {
            throw RoomError.invalid(describe(error))
        } catch {
            throw RoomError.invalid("the body is not JSON")
        }
    }

    public static func check(_ join: JoinRequest) throws -> JoinRequest {
        var join = join
        try checkIdentity(code: join.code, attendee: join.attendee, token: join.token)
        join.name = try checkName(join.name)
        return join
    }

    public static func check(_ post: ResultsPost) throws {
        try checkIdentity(code: post.code, attendee: post.attendee, token: post.token)
        guard post.results.count <= maxResults else { throw RoomError.invalid("more than \(maxResults) results") }
        for entry in post.results {
            guard isSlug(entry.id) else { throw RoomError.invalid("an exercise id must be 1-64 of a-z 0-9 -") }
            guard entry.seq >= 0 else { throw RoomError.invalid("seq must not be negative") }
            guard entry.missed.count <= maxMissed, entry.missed.allSatisfy(isSlug) else {
                throw RoomError.invalid("missed must list at most \(maxMissed) planted-bug names of a-z 0-9 -")
            }
            if let framework = entry.framework, !frameworks.contains(framework) {
                throw RoomError.invalid("framework must be one of \(frameworks.joined(separator: ", "))")
            }
            if let cause = entry.cause, !isSlug(cause) { throw RoomError.invalid("cause must be 1-64 of a-z 0-9 -") }
        }
    }

    public static let frameworks = ["xctest", "swift-testing"]

    public static func check(_ leave: LeaveRequest) throws {
        try checkIdentity(code: leave.code, attendee: leave.attendee, token: leave.token)
    }

    /// The key's shape only; whether it is the room's key is the room's to say.
    public static func check(_ request: InstructorRequest) throws {
        guard (16...128).contains(request.key.count), request.key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw RoomError.notInstructor
        }
        if let attendee = request.attendee, !((8...64).contains(attendee.count) && isSlug(attendee)) {
            throw RoomError.invalid("attendee must be 8-64 of a-z 0-9 -")
        }
    }

    public static func checkName(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= maxName else { throw RoomError.invalid("a name must have 1 to \(maxName) characters") }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) else {
            throw RoomError.invalid("a name must not contain control characters")
        }
        return name
    }

    static func checkIdentity(code: String, attendee: String, token: String) throws {
        guard code.count <= 32, code.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            throw RoomError.wrongCode
        }
        guard (8...64).contains(attendee.count), isSlug(attendee) else {
            throw RoomError.invalid("attendee must be 8-64 of a-z 0-9 -")
        }
        guard (16...128).contains(token.count), token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw RoomError.invalid("token must be 16-128 letters or digits")
        }
    }

    static func isSlug(_ text: String) -> Bool {
        (1...64).contains(text.count) && text.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "the body is not the JSON object the API expects" : "wrong value at '\(path)'"
        @unknown default: return "the body does not match the schema"
        }
    }
}
