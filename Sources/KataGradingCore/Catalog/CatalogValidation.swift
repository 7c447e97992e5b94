import Foundation

extension Catalog {
    /// The catalog that `data`, read from the file at `path`, describes: decoded, checked, and
    /// each exercise given its pattern's module. Errors name `path` and the field at fault.
    public static func decoded(from data: Data, path: String) throws -> Catalog {
        var catalog: Catalog
        do {
            catalog = try JSONDecoder().decode(Catalog.self, from: data)
        } catch let error as DecodingError {
            throw CatalogError("\(path) is damaged: \(Self.describe(error)). Fix it, or restore it with `git checkout -- Catalog/catalog.json`.")
        } catch {
            throw CatalogError("\(path) is not valid JSON: \(error.localizedDescription)")
        }
        try catalog.validate(file: path)
        return catalog
    }

    /// The variants the exercises name that `variants` lacks, in course order, chaffs first.
    public func missingVariants(in variants: [Variant]) -> [(exercise: Exercise, name: String, kind: Variant.Kind)] {
        exercises.flatMap { exercise in
            [(exercise.chaffs, Variant.Kind.chaff), (exercise.wheats, .wheat)].flatMap { names, kind in
                names.filter { name in !variants.contains { $0.module == exercise.module && $0.name == name && $0.kind == kind } }
                    .map { (exercise: exercise, name: $0, kind: kind) }
            }
        }
    }

    /// Checks what JSON decoding cannot (unique ids, known patterns, sane limits) and, in the same
    /// pass, gives each exercise the module of the pattern it names.
    mutating func validate(file: String) throws {
        var seen = Set<String>()
        for index in exercises.indices {
            let exercise = exercises[index]
            guard seen.insert(exercise.id).inserted else {
                throw CatalogError("\(file): the exercise id '\(exercise.id)' appears twice.")
            }
            guard let pattern = patterns.first(where: { $0.id == exercise.pattern }) else {
                throw CatalogError("\(file): exercise '\(exercise.id)' names the unknown pattern '\(exercise.pattern)'.")
            }
            exercises[index].module = pattern.module
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
