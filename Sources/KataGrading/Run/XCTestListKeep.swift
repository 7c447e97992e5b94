import Foundation
import KataGradingCore

/// The XCTest listing of SwiftPM's test binary, kept from one grade to the next while SwiftPM's
/// test discovery wrote the same code: on Linux, the tests an XCTest binary lists are exactly those
/// of the discovery module SwiftPM generates beside it (`<Package>PackageDiscoveredTests.derived/`,
/// one file per test target and the one that hands them all to `XCTMain`), so the same files list
/// the same tests. An edit of a test's body, the usual edit, leaves them as they were, and the
/// grade skips one run of the test binary before its first run (a twentieth of an XCTest
/// edit–grade). A test added, removed or renamed changes them, and the binary is listed again.
///
/// The kept listing lies in the copy's build folder, which the grade's seal covers like the rest
/// of it: a run that rewrites it is caught, and that build is removed (`GraderSeal.heal`). Where
/// there is no such folder (macOS, where Xcode's helper lists the bundle), the binary is listed
/// every time.
struct XCTestListKeep {
    var binary: URL

    /// SwiftPM's discovery folder beside the test product: `XPackageTests.xctest` → `XPackageDiscoveredTests.derived`.
    var discovery: URL? {
        let product = binary.deletingPathExtension().lastPathComponent
        guard product.hasSuffix("Tests") else { return nil }
        return binary.deletingLastPathComponent().appendingPathComponent("\(product.dropLast(5))DiscoveredTests.derived")
    }

    var file: URL { binary.deletingLastPathComponent().appendingPathComponent("kata-xctest-list.json") }

    struct Kept: Codable {
        var key: String
        var tests: [String: [String]]
    }

    /// What the discovery folder holds now, every file's name and text: nil without one.
    func key() -> String? {
        guard let discovery, let names = try? FileManager.default.contentsOfDirectory(atPath: discovery.path), !names.isEmpty
        else { return nil }
        var all = Data()
        for name in names.sorted() {
            guard let text = FileContents.data(at: discovery.appendingPathComponent(name)) else { return nil }
            all.append(contentsOf: Array("\(name)\n\(text.count)\n".utf8))
            all.append(text)
        }
        return Fingerprint.hex(all)
    }

    /// The listing kept for `key`, if it was kept for it.
    func tests(for key: String) -> [String: [String]]? {
        guard let data = try? Data(contentsOf: file), let kept = try? JSONDecoder().decode(Kept.self, from: data),
              kept.key == key else { return nil }
        return kept.tests
    }

    /// Keeps `tests` for `key`; returns the file written, nil when it could not be.
    func keep(_ tests: [String: [String]], for key: String) -> URL? {
        guard let data = try? JSONEncoder().encode(Kept(key: key, tests: tests)),
              (try? data.write(to: file, options: .atomic)) != nil else { return nil }
        return file
    }
}
