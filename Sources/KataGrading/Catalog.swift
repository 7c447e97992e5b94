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

    public enum Framework: String, Decodable, Sendable {
        case xctest
        case swiftTesting = "swift-testing"
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

        enum CodingKeys: String, CodingKey {
            case id, pattern, title, idea, files, uses, framework, hint, timeLimit, budget, chaffs, wheats
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
        }
    }

    public func pattern(of exercise: Exercise) -> Pattern {
        // `validate()` guarantees that every exercise names a listed pattern.
        patterns.first { $0.id == exercise.pattern }!
    }

    /// The name of the test target that holds one exercise in the grader's shadow package.
    public static func targetName(of exercise: Exercise) -> String {
        "Grade_" + exercise.id.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
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
        return catalog
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
