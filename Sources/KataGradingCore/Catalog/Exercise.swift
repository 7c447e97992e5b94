import Foundation
import KataVerdicts

extension Catalog {
    /// Every exercise on every track, in course order (`Exercise.tracks`).
    public var allTracks: [Exercise] { exercises.flatMap(\.tracks) }

    /// The catalog with `framework`'s track first wherever an exercise has one (`Exercise.preferring`).
    public func preferring(_ framework: Framework?) -> Catalog {
        var copy = self
        copy.exercises = exercises.map { $0.preferring(framework) }
        return copy
    }

    /// What an exercise needs of the machine beyond the kata's own minimum (`requires` in the
    /// catalog): the Swift of the toolchain that builds the tests, and on macOS the system's
    /// version, where an API it teaches is only available from then on. `because` says which API.
    public struct Requirements: Codable, Sendable, Equatable {
        public var swift: Version?
        public var macOS: Version?
        public var because: String?

        public init(swift: Version? = nil, macOS: Version? = nil, because: String? = nil) {
            self.swift = swift
            self.macOS = macOS
            self.because = because
        }
    }

    /// One way to do an exercise: a test framework and the files written in it.
    public struct Track: Decodable, Sendable, Equatable {
        public var framework: Framework
        /// The files the attendee edits on this track (shared ones included), relative to
        /// `Exercises/<module>/`.
        public var files: [String]
        public var uses: [String]
        /// The title, idea and hint in this framework's words, when they differ from the exercise's.
        public var title: String?
        public var idea: String?
        public var hint: String?

        public init(framework: Framework, files: [String], uses: [String], title: String? = nil, idea: String? = nil,
                    hint: String? = nil) {
            self.framework = framework
            self.files = files
            self.uses = uses
            self.title = title
            self.idea = idea
            self.hint = hint
        }

        enum CodingKeys: String, CodingKey { case framework, files, uses, title, idea, hint }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            framework = try c.decode(Framework.self, forKey: .framework)
            files = try c.decode([String].self, forKey: .files)
            uses = try c.decodeIfPresent([String].self, forKey: .uses) ?? []
            title = try c.decodeIfPresent(String.self, forKey: .title)
            idea = try c.decodeIfPresent(String.self, forKey: .idea)
            hint = try c.decodeIfPresent(String.self, forKey: .hint)
        }
    }

    public struct Exercise: Decodable, Sendable, Equatable {
        public private(set) var id: String
        public var pattern: String
        public var title: String
        public var idea: String
        public var files: [String]
        public var uses: [String]
        public private(set) var framework: Framework
        public var hint: String
        /// Seconds after which a test run is killed and judged to hang.
        public var timeLimit: Double
        /// Seconds of test time that a passing run may take.
        public var budget: Double
        public var chaffs: [String]
        public var wheats: [String]
        /// The perturbation points of its module that its grade delays (`PerturbationPoint`): its
        /// contract, both tracks'. Nil when the catalog does not say (`--check` refuses that).
        public var perturbs: [String]
        /// Why it perturbs nothing, when `perturbs` is empty.
        public var perturbsNone: String?
        /// Whether the catalog states its perturbation contract (`perturbs`).
        public var statesPerturbations: Bool
        /// What it needs of the machine (both tracks); none by default.
        public var requires: Requirements
        /// The same exercise in the other framework, when it has one (`alternate` in the catalog).
        /// `files`, `uses` and `framework` above describe the track being graded; `alternate` the other.
        public var alternate: Track?
        /// The framework the catalog lists first for this exercise. It names the shadow test
        /// targets, so that choosing the other framework never rebuilds anything.
        public var catalogFramework: Framework
        /// The legacy module under test, which is also the exercise's folder under `Exercises/`
        /// and `Solutions/`: its pattern's module, filled in when the catalog loads.
        public var module: String = ""

        enum CodingKeys: String, CodingKey {
            case id, pattern, title, idea, files, uses, framework, hint, timeLimit, budget, chaffs, wheats, perturbs, perturbsNone,
                 alternate, requires
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            pattern = try c.decode(String.self, forKey: .pattern)
            title = try c.decode(String.self, forKey: .title)
            idea = try c.decodeIfPresent(String.self, forKey: .idea) ?? ""
            files = try c.decode([String].self, forKey: .files)
            uses = try c.decodeIfPresent([String].self, forKey: .uses) ?? []
            framework = try c.decodeIfPresent(Framework.self, forKey: .framework) ?? .xctest
            hint = try c.decode(String.self, forKey: .hint)
            timeLimit = try c.decodeIfPresent(Double.self, forKey: .timeLimit) ?? 10
            budget = try c.decodeIfPresent(Double.self, forKey: .budget) ?? 2
            chaffs = try c.decodeIfPresent([String].self, forKey: .chaffs) ?? []
            wheats = try c.decodeIfPresent([String].self, forKey: .wheats) ?? []
            let perturbs = try c.decodeIfPresent([String].self, forKey: .perturbs)
            self.perturbs = perturbs ?? []
            statesPerturbations = perturbs != nil
            perturbsNone = try c.decodeIfPresent(String.self, forKey: .perturbsNone)
            alternate = try c.decodeIfPresent(Track.self, forKey: .alternate)
            requires = try c.decodeIfPresent(Requirements.self, forKey: .requires) ?? Requirements()
            catalogFramework = framework
            name()
        }

        public var track: Track { Track(framework: framework, files: files, uses: uses, title: title, idea: idea, hint: hint) }

        /// What names this exercise on its track: the id on the catalog's first track (or the
        /// attendee's chosen framework), `id@swift-testing` or `id@xctest` on the other one.
        /// Stored: named once from `id`, `framework` and `isOtherTrack`, which change only here (`name()`).
        public private(set) var key = ""

        /// This track, its framework always named (`TrackKey`): what the grader's records keep.
        /// Made from `id` and `framework` when asked, so it never holds a stale or placeholder key.
        public var trackKey: TrackKey { TrackKey(id: id, framework: framework.rawValue) }

        /// The name of the test target that holds this track in the grader's shadow package:
        /// `Grade_<id>`, with `__<framework>` on the track the catalog does not list first.
        public private(set) var targetName = ""

        /// Names this track from what it is: after decoding, and whenever `tracks` or `preferring`
        /// makes another track of it.
        private mutating func name() {
            key = isOtherTrack ? trackKey.description : id
            let target = "Grade_" + id.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            targetName = framework == catalogFramework ? target : target + "__" + framework.rawValue.replacingOccurrences(of: "-", with: "_")
        }

        /// True for the copy of an exercise that grades its alternate track.
        public private(set) var isOtherTrack = false

        /// True when the attendee named this track (`id@swift-testing`, `id@xctest`): a grade
        /// grades this track alone, not every track they started.
        public private(set) var isNamedTrack = false

        /// This track, as named on the command line: graded alone.
        public func namedAlone() -> Exercise {
            var named = self
            named.isNamedTrack = true
            return named
        }

        /// This exercise on each of its tracks: itself first, then its alternate.
        public var tracks: [Exercise] {
            guard let alternate else { return [self] }
            var other = self
            other.files = alternate.files
            other.uses = alternate.uses
            other.framework = alternate.framework
            other.title = alternate.title ?? title
            other.idea = alternate.idea ?? idea
            other.hint = alternate.hint ?? hint
            other.alternate = track
            other.isOtherTrack = true
            other.name()
            return [self, other]
        }

        /// The exercise with `framework`'s track first, when it has one.
        public func preferring(_ framework: Framework?) -> Exercise {
            guard let framework, framework != self.framework, alternate?.framework == framework else { return self }
            var swapped = tracks[1]
            swapped.isOtherTrack = false
            swapped.name()
            return swapped
        }

        /// The files only this track has (not shared with the alternate): editing one of them is
        /// what starts the track.
        public var ownFiles: [String] {
            files.filter { !(alternate?.files.contains($0) ?? false) }
        }
    }
}

extension TrackKey {
    /// The framework a key names, when it names one of the catalog's.
    public var catalogFramework: Catalog.Framework? { framework.flatMap(Catalog.Framework.init(rawValue:)) }
}
