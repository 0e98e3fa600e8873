import Foundation
import Testing

/// The README's Paylisher section shows only code that is compiled: every Swift block is
/// copied verbatim from `Examples/PaylisherApp`.
@Suite("README snippets")
struct ReadmeSnippetTests {
    static var packageRoot: URL {
        var directory = URL(fileURLWithPath: #filePath)
        while directory.lastPathComponent != "Tests" && directory.pathComponents.count > 1 {
            directory.deleteLastPathComponent()
        }
        return directory.deletingLastPathComponent()
    }

    @Test("every Swift block of the Paylisher section is in Examples/PaylisherApp")
    func snippetsAreCompiledCode() throws {
        let readme = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Using Waypoint with Paylisher"))
        let end =
            readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex)?.lowerBound
            ?? readme.endIndex
        let examples = Self.packageRoot.appendingPathComponent("Examples/PaylisherApp")
        let sources = try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: examples.appendingPathComponent($0), encoding: .utf8) }
        let blocks = readme[start.lowerBound..<end].components(separatedBy: "```swift\n").dropFirst()
            .compactMap { $0.components(separatedBy: "```").first }
        #expect(blocks.count >= 3)
        for block in blocks {
            #expect(sources.contains { $0.contains(block) }, "README block not found in Examples:\n\(block)")
        }
    }
}
