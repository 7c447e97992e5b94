import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The grader's few calls spelled differently on Linux and macOS. With `TestPlatform+Current`
/// (which system the grader was compiled for), these are every `#if os(…)` of the grader's Swift:
/// the rest of it asks here, or takes `TestPlatform`'s decisions.
enum SystemDifferences {
    /// What chooses among Xcode's toolchains on macOS (`DEVELOPER_DIR`, `TOOLCHAINS`, `xcode-select`),
    /// since `/usr/bin/swift` there is a shim whose file never changes; nothing elsewhere.
    static func toolchainChoice() -> [String] {
        #if os(macOS)
        let environment = ProcessInfo.processInfo.environment
        return ["DEVELOPER_DIR=\(environment["DEVELOPER_DIR"] ?? "")", "TOOLCHAINS=\(environment["TOOLCHAINS"] ?? "")",
                "xcode-select=\((try? FileManager.default.destinationOfSymbolicLink(atPath: "/var/db/xcode_select_link")) ?? "")"]
        #else
        return []
        #endif
    }

    /// The terminal's size, when the kernel knows it.
    static func terminalSize(_ fileDescriptor: Int32) -> (columns: Int, lines: Int?)? {
        #if os(Linux) || canImport(Darwin)
        var size = winsize()
        #if os(Linux)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        guard ioctl(fileDescriptor, request, &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), size.ws_row > 0 ? Int(size.ws_row) : nil)
        #else
        return nil
        #endif
    }
}
