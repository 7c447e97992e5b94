import Foundation

/// What the shadow copy's test binaries were last built from, kept beside SwiftPM's build folder:
/// the record of every build, by `swift build` or by the fast path. Forgotten as a build starts and
/// written when it succeeds, so an interrupted build leaves no record to trust.
struct BuildRecord: Codable, Equatable {
    /// Every file the build reads (`Package.swift`, `Sources/…`, `Grade/…`) by fingerprint.
    var files: [String: String]
    /// SwiftPM's build plan when the record was made (size and time): a plan written since,
    /// by a build that failed or left other tracks out, is not the one to follow.
    var plan: String
    /// The targets rebuilt into binaries of their own since SwiftPM's last build (`BuildReplay`):
    /// theirs is current, SwiftPM's holds their code as it was. (Absent in a record of SwiftPM's build.)
    var ownBinaries: [String]?
    /// The test product SwiftPM's last build made, where `--show-bin-path` said it is: asked once
    /// per `swift build`, not at every grade.
    var testProduct: String?

    /// `testProduct`, when it is still there, in this shadow copy's build folder (a copied
    /// checkout carries the record of the one it was copied from).
    func builtProduct(in shadow: ShadowPackage) -> URL? {
        guard let testProduct, testProduct.hasPrefix(shadow.directory.appendingPathComponent(".build").path + "/")
                || testProduct.hasPrefix(shadow.directory.resolvingSymlinksInPath().appendingPathComponent(".build").path + "/"),
              FileManager.default.fileExists(atPath: testProduct) else { return nil }
        return URL(fileURLWithPath: testProduct)
    }

    static func url(in shadow: ShadowPackage) -> URL {
        shadow.directory.appendingPathComponent(".build/kata-last-build.json")
    }

    static func load(from shadow: ShadowPackage) -> BuildRecord? {
        (try? Data(contentsOf: url(in: shadow))).flatMap { try? JSONDecoder().decode(BuildRecord.self, from: $0) }
    }

    func save(to shadow: ShadowPackage) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try? encoder.encode(self).write(to: Self.url(in: shadow), options: .atomic)
    }

    static func forget(in shadow: ShadowPackage) {
        try? FileManager.default.removeItem(at: url(in: shadow))
    }
}
