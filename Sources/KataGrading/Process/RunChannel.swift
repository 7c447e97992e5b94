import KataGradingCore
import KataGradingKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The run's private channel to the grader's hook in the test binary: a Unix socket in the run's
/// own folder (`RunFolder`). The hook (`RunHookSource`, a C constructor) connects before `main` and
/// reads a key drawn for this connection and which variant of the code to be, masked with it
/// (`ChannelKey`); the hook then sends its records back on the same connection (the XCTest
/// observer's, a trap's, the process's exit), each with the key's MAC.
///
/// The variant is told only to a process whose first act is the hook's, and once per process: the
/// test process the supervisor started, and a Swift Testing exit test's child, recognised by what
/// only Swift Testing gives it: it runs the same program as the test process (the test binary on
/// Linux, the tool that hosts it on macOS, which an exit test starts again), is the test process's
/// own child, and was started with `SWT_EXIT_TEST_ID` in its environment; on Linux also with the
/// mark that the test process's hook adds only to what libTesting itself spawns
/// (`ChannelKey.exitTestMark`), so that a test that starts `/proc/self/exe` again with
/// `SWT_EXIT_TEST_ID` gets nothing. Anything else that connects (a process a second time, an exit
/// test's body connecting again, another program) is told "the real code", which says nothing.
///
/// Used by one supervisor's single thread only.
final class RunChannel {
    enum Role { case testProcess, exitTestChild, stranger }

    struct Connection {
        var fd: Int32
        var role: Role
        /// The key told to this connection: its records carry MACs made with it.
        var key: ChannelKey
    }

    let listener: Int32
    let path: String
    private let variant: Int32
    /// The process the supervisor started, set once it is started (before any connection is accepted).
    var testProcess: pid_t = -1
    private var answeredTestProcess = false
    /// Every process told anything: none is told twice.
    private var answered: Set<pid_t> = []
    /// The key told to the test process, whose hook marks the exit tests' children it spawns.
    private var testProcessKey: ChannelKey?
    /// A run through `swift test` (`ChannelFallback`): every descendant of the started process that
    /// connects is told the variant (SwiftPM runs the test binary once to list its tests, then to
    /// run them), and its records are read as the test process's.
    var acceptsDescendant = false
    /// The test process's hook connected and was told its variant.
    var hookConnected: Bool { answeredTestProcess }
    private(set) var connections: [Connection] = []

    init(path: String, variant: Int32) throws {
        self.path = path
        self.variant = variant
        listener = try Self.makeListener(at: path)
    }

    deinit {
        for connection in connections { close(connection.fd) }
        close(listener)
        unlink(path)
    }

    static func makeListener(at path: String) throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SupervisorError("socket", errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else { close(fd); throw SupervisorError("socket path too long: \(path)", 0) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.utf8)
            raw[path.utf8.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, systemListen(fd, 16) == 0 else { let code = errno; close(fd); throw SupervisorError("bind \(path)", code) }
        _ = chmod(path, 0o600)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return fd
    }

    /// Accepts every waiting connection and answers it at once.
    func acceptWaiting() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let role = role(of: kata_peer_pid(fd))
            let told = role == .stranger ? 0 : variant
            let key = ChannelKey.random()
            if role == .testProcess, testProcessKey == nil { testProcessKey = key }
            let answer = Array(key.greeting(variant: told).utf8)
            _ = answer.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            connections.append(Connection(fd: fd, role: role, key: key))
        }
    }

    func role(of peer: pid_t) -> Role {
        guard peer > 0, answered.insert(peer).inserted else { return .stranger }
        if peer == testProcess {
            guard !answeredTestProcess else { return .stranger }
            answeredTestProcess = true
            return .testProcess
        }
        if acceptsDescendant, descends(peer, from: testProcess) {
            answeredTestProcess = true
            return .testProcess
        }
        guard kata_parent_of(peer) == testProcess, kata_runs_same_executable(peer, testProcess) == 1,
              kata_started_with_variable(peer, Self.exitTestVariable) == 1,
              kata_started_with_variable(peer, "LD_PRELOAD") == 0, kata_started_with_variable(peer, "DYLD_INSERT_LIBRARIES") == 0
        else { return .stranger }
        #if os(Linux)
        // Only the hook of the test process marks a child, and only one libTesting spawned. (On
        // macOS the hook cannot see Swift Testing's `posix_spawn`, a two-level namespace binding it
        // to libSystem: there a test that starts its host again with `SWT_EXIT_TEST_ID` is not told
        // apart, README "What a grade can and cannot prove".)
        guard let testProcessKey, kata_started_with_variable(peer, testProcessKey.exitTestMark) == 1 else { return .stranger }
        #endif
        return .exitTestChild
    }

    /// What Swift Testing sets in an exit test's child, and nowhere else.
    static let exitTestVariable = RunHookSource.exitTestVariable

    func descends(_ pid: pid_t, from ancestor: pid_t) -> Bool {
        var current = pid
        for _ in 0..<32 {
            let parent = kata_parent_of(current)
            if parent == ancestor { return true }
            if parent <= 1 { return false }
            current = parent
        }
        return false
    }

    func drop(_ fd: Int32) {
        close(fd)
        connections.removeAll { $0.fd == fd }
    }
}

struct SupervisorError: Error, CustomStringConvertible {
    var description: String
    init(_ what: String, _ code: Int32) { description = code == 0 ? what : "\(what): \(String(cString: strerror(code)))" }
}

#if canImport(Glibc)
private let systemListen = Glibc.listen
#else
private let systemListen = Darwin.listen
#endif
