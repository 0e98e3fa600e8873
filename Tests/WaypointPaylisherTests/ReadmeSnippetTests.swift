import Foundation
import Testing

/// The Paylisher guide (the DocC article the README links to) shows only code that is
/// compiled: every Swift block is copied verbatim from `Examples/PaylisherApp`.
@Suite("README snippets")
struct ReadmeSnippetTests {
    static var packageRoot: URL {
        var directory = URL(fileURLWithPath: #filePath)
        while directory.lastPathComponent != "Tests" && directory.pathComponents.count > 1 {
            directory.deleteLastPathComponent()
        }
        return directory.deletingLastPathComponent()
    }

    @Test("every Swift block of the Paylisher guide is in Examples/PaylisherApp")
    func snippetsAreCompiledCode() throws {
        let guide = try String(
            contentsOf: Self.packageRoot.appendingPathComponent(
                "Sources/WaypointPaylisher/WaypointPaylisher.docc/UsingWaypointWithPaylisher.md"),
            encoding: .utf8)
        let examples = Self.packageRoot.appendingPathComponent("Examples/PaylisherApp")
        let sources = try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: examples.appendingPathComponent($0), encoding: .utf8) }
        let blocks = guide.components(separatedBy: "```swift\n").dropFirst()
            .compactMap { $0.components(separatedBy: "```").first }
        #expect(blocks.count >= 3)
        for block in blocks {
            #expect(sources.contains { $0.contains(block) }, "guide block not found in Examples:\n\(block)")
        }
    }
}
