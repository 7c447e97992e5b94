import Foundation
import KataGradingCore

/// The README's exercise index, generated from the catalog so that it cannot drift (`GeneratedDocs`).
enum ReadmeIndex {
    static func markdown(_ catalog: Catalog) -> String {
        var lines: [String] = []
        var number = 0
        for pattern in catalog.patterns {
            let exercises = catalog.exercises.filter { $0.pattern == pattern.id }
            guard !exercises.isEmpty else { continue }
            lines.append("**\(pattern.title)** (`Sources/\(pattern.module)`): \(pattern.summary)")
            lines.append("")
            lines.append("| # | Exercise | What it teaches | Edit |")
            lines.append("|---|---|---|---|")
            for exercise in exercises {
                number += 1
                var files = exercise.files.map { "[\($0)](Exercises/\(pattern.module)/\($0))" }.joined(separator: ", ")
                if let alternate = exercise.alternate {
                    files += "; in \(alternate.framework.title): " + alternate.files.filter { !exercise.files.contains($0) }
                        .map { "[\($0)](Exercises/\(pattern.module)/\($0))" }.joined(separator: ", ")
                }
                lines.append("| \(number) | `\(exercise.id)`: \(exercise.title) | \(exercise.idea) | \(files) |")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
