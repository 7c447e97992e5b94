import Foundation

/// The single source of truth for the kata: `Catalog/catalog.json`.
///
/// The grader, the README's exercise index and the self-test all read this, so an exercise exists
/// in one place only. `Catalog/README.md` documents every field.
public struct Catalog: Decodable, Sendable {
    public var version: Int
    public var patterns: [Pattern]
    public var exercises: [Exercise]

    public struct Pattern: Decodable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var module: String
        public var summary: String
    }

    public enum Framework: String, Decodable, Sendable, CaseIterable {
        case xctest
        case swiftTesting = "swift-testing"

        public var title: String { self == .xctest ? "XCTest" : "Swift Testing" }
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
        public var id: String
        public var pattern: String
        public var title: String
        public var idea: String
        public var files: [String]
        public var uses: [String]
        public var framework: Framework
        public var hint: String
        /// Seconds after which a test run is killed and judged to hang.
        public var timeLimit: Double
        /// Seconds of test time that a passing run may take.
        public var budget: Double
        public var chaffs: [String]
        public var wheats: [String]
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
            case id, pattern, title, idea, files, uses, framework, hint, timeLimit, budget, chaffs, wheats, alternate
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
            alternate = try c.decodeIfPresent(Track.self, forKey: .alternate)
            catalogFramework = framework
        }

        public var track: Track { Track(framework: framework, files: files, uses: uses, title: title, idea: idea, hint: hint) }

        /// What names this exercise on its track: the id on the catalog's first track (or the
        /// attendee's chosen framework), `id@swift-testing` or `id@xctest` on the other one.
        public var key: String { isOtherTrack ? "\(id)@\(framework.rawValue)" : id }

        /// True for the copy of an exercise that grades its alternate track.
        public private(set) var isOtherTrack = false

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
            return [self, other]
        }

        /// The exercise with `framework`'s track first, when it has one.
        public func preferring(_ framework: Framework?) -> Exercise {
            guard let framework, framework != self.framework, alternate?.framework == framework else { return self }
            var swapped = tracks[1]
            swapped.isOtherTrack = false
            return swapped
        }

        /// The files only this track has (not shared with the alternate): editing one of them is
        /// what starts the track.
        public var ownFiles: [String] {
            files.filter { !(alternate?.files.contains($0) ?? false) }
        }
    }

    public func pattern(of exercise: Exercise) -> Pattern {
        // `validate()` guarantees that every exercise names a listed pattern.
        patterns.first { $0.id == exercise.pattern }!
    }

    /// The name of the test target that holds one exercise's track in the grader's shadow package.
    public static func targetName(of exercise: Exercise) -> String {
        let id = "Grade_" + exercise.id.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        return exercise.framework == exercise.catalogFramework ? id : id + "__" + exercise.framework.rawValue.replacingOccurrences(of: "-", with: "_")
    }

    /// Every exercise on every track, in course order.
    public var allTracks: [Exercise] { exercises.flatMap(\.tracks) }

    /// The catalog with `framework`'s track first wherever an exercise has one.
    public func preferring(_ framework: Framework?) -> Catalog {
        var copy = self
        copy.exercises = exercises.map { $0.preferring(framework) }
        return copy
    }
}

/// Why the catalog could not be used, in words that name the file and what to do.
public struct CatalogError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension Catalog {
    public static func load(from url: URL) throws -> Catalog {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CatalogError("cannot read the catalog at \(url.path): it is missing or unreadable. Restore it with `git checkout -- Catalog/catalog.json`.")
        }
        let catalog: Catalog
        do {
            catalog = try JSONDecoder().decode(Catalog.self, from: data)
        } catch let error as DecodingError {
            throw CatalogError("\(url.path) is damaged: \(Self.describe(error)). Fix it, or restore it with `git checkout -- Catalog/catalog.json`.")
        } catch {
            throw CatalogError("\(url.path) is not valid JSON: \(error.localizedDescription)")
        }
        try catalog.validate(file: url.path)
        var resolved = catalog
        for index in resolved.exercises.indices {
            resolved.exercises[index].module = catalog.pattern(of: catalog.exercises[index]).module
        }
        return resolved
    }

    /// Checks what JSON decoding cannot: unique ids, known patterns, sane limits.
    public func validate(file: String) throws {
        var seen = Set<String>()
        for exercise in exercises {
            guard seen.insert(exercise.id).inserted else {
                throw CatalogError("\(file): the exercise id '\(exercise.id)' appears twice.")
            }
            guard patterns.contains(where: { $0.id == exercise.pattern }) else {
                throw CatalogError("\(file): exercise '\(exercise.id)' names the unknown pattern '\(exercise.pattern)'.")
            }
            if let alternate = exercise.alternate {
                guard alternate.framework != exercise.framework, !alternate.files.isEmpty else {
                    throw CatalogError("\(file): exercise '\(exercise.id)' has an alternate track that needs files and a framework other than \(exercise.framework.rawValue).")
                }
            }
            guard !exercise.files.isEmpty else {
                throw CatalogError("\(file): exercise '\(exercise.id)' lists no files.")
            }
            guard exercise.timeLimit > 0, exercise.budget > 0, exercise.budget <= exercise.timeLimit else {
                throw CatalogError("\(file): exercise '\(exercise.id)' needs 0 < budget <= timeLimit.")
            }
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the top level" : keys
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\(key.stringValue)' at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong value at \(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "not valid JSON (\(underlying ?? context.debugDescription))"
        @unknown default:
            return "\(error)"
        }
    }
}
