import Foundation
import Testing

/// Runs the built `waypoint` executable as a user would and captures what it prints.
enum CLI {
    /// What one run printed and how it exited.
    struct Result: Sendable, CustomStringConvertible {
        let status: Int32
        let output: String
        let errors: String

        /// The lines of standard output.
        var lines: [String] {
            output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }

        var description: String {
            "exit \(status)\n--- stdout\n\(output)--- stderr\n\(errors)"
        }
    }

    /// The project's root directory, found from this file's location.
    static let projectDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // WaypointCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Tests/Fixtures`.
    static let fixtures = projectDirectory.appendingPathComponent("Tests/Fixtures")

    /// The `waypoint` executable built next to the test bundle.
    static let executable: URL? = {
        var directories: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        if let executable = Bundle.main.executableURL {
            directories.append(executable.deletingLastPathComponent())
        }
        return directories.map { $0.appendingPathComponent("waypoint") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }()

    /// Runs `waypoint` with `arguments` in `directory` (the project directory by default),
    /// with `input` as its standard input (empty when nil).
    ///
    /// It waits for the child through its termination handler rather than
    /// `waitUntilExit()`, so a test spawning processes never blocks one of the few threads
    /// of Swift's cooperative pool (one per core), which other suites' timers need.
    static func run(
        _ arguments: [String], in directory: URL? = nil, input: String? = nil
    ) async throws -> Result {
        let executable = try #require(CLI.executable, "the waypoint executable is not next to the tests")
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("waypoint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorsURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorsURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let errors = try FileHandle(forWritingTo: errorsURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? projectDirectory
        process.standardOutput = output
        process.standardError = errors
        if let input {
            let inputURL = scratch.appendingPathComponent("stdin")
            try Data(input.utf8).write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        // The child has exited, so this returns at once; on Linux it also runs the loop
        // that releases the run-loop source `run()` registered, which otherwise keeps the
        // process and its handles alive until the test process exits.
        process.waitUntilExit()
        try output.close()
        try errors.close()
        return Result(
            status: process.terminationStatus,
            output: try String(contentsOf: outputURL, encoding: .utf8),
            errors: try String(contentsOf: errorsURL, encoding: .utf8))
    }
}
