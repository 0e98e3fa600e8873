import Foundation
import Testing

/// The README's "Apple-only code" list names exactly the files compiled only on Apple
/// platforms, each with its line count. Read relative to this file, inside the repository.
@Suite("README's Apple-only files")
struct AppleOnlyFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Whether a `#if` or `#elseif` condition holds only on Apple platforms.
    static func isAppleCondition(_ condition: String) -> Bool {
        let terms = condition.replacingOccurrences(
            of: #"(\|\||&&|[()!\s])+"#, with: " ", options: .regularExpression)
        let apple: Set<String> = [
            "os", "canImport", "macOS", "iOS", "tvOS", "watchOS", "visionOS", "Darwin", "UIKit", "AppKit",
            "SwiftUI", "WebKit",
        ]
        let words = terms.split(separator: " ").map(String.init)
        // Every `os(...)`/`canImport(...)` names an Apple platform or framework; a negated
        // term (`!os(watchOS)`) may narrow an Apple condition, never widen it.
        let positive = condition.replacingOccurrences(
            of: #"!\s*\w+\([^)]*\)"#, with: "", options: .regularExpression)
        return !words.isEmpty && words.allSatisfy { apple.contains($0) }
            && positive.range(
                of:
                    #"(os|canImport)\((macOS|iOS|tvOS|watchOS|visionOS|Darwin|UIKit|AppKit|SwiftUI|WebKit)\)"#,
                options: .regularExpression) != nil
    }

    /// Whether every line of `text` outside comments, imports and blank lines sits inside a
    /// top-level `#if` whose branches are all Apple-only.
    static func isAppleOnly(_ text: String) -> Bool {
        let code = text.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: " ", options: .regularExpression)
        var depth = 0
        var sawBlock = false
        for raw in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("//") { continue }
            if line.hasPrefix("#if ") {
                if depth == 0 {
                    guard isAppleCondition(String(line.dropFirst(4))) else { return false }
                    sawBlock = true
                }
                depth += 1
            } else if line.hasPrefix("#elseif ") {
                if depth == 1, !isAppleCondition(String(line.dropFirst(8))) { return false }
            } else if line.hasPrefix("#else") {
                if depth == 1 { return false }
            } else if line.hasPrefix("#endif") {
                depth -= 1
            } else if depth == 0, !line.hasPrefix("import ") {
                return false
            }
        }
        return sawBlock
    }

    @Test("the classifier")
    func classifier() {
        #expect(
            Self.isAppleOnly("import Foundation\n#if canImport(UIKit) && !os(watchOS)\nlet x = 1\n#endif\n"))
        #expect(Self.isAppleOnly("#if os(iOS)\na\n#elseif os(macOS)\nb\n#endif"))
        #expect(!Self.isAppleOnly("#if os(iOS)\na\n#else\nb\n#endif"))
        #expect(!Self.isAppleOnly("#if !canImport(Darwin)\na\n#endif"))
        #expect(!Self.isAppleOnly("let a = 1\n#if os(iOS)\nb\n#endif"))
        #expect(!Self.isAppleOnly("// only a comment\nimport Foundation\n"))
    }

    @Test("the README lists every Apple-only file with its line count, and nothing else")
    func readmeList() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Apple-only code"))
        let end = try #require(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
        let section = String(readme[start.upperBound..<end.lowerBound])
        var listed: [String: Int] = [:]
        let entry = try Regex(#"`((?:Sources|Examples)/[^`]+\.swift)` \((\d+) lines\)"#)
        for match in section.matches(of: entry) {
            let path = try #require(match.output[1].substring).description
            listed[path] = Int(try #require(match.output[2].substring))
        }

        var actual: [String: Int] = [:]
        for top in ["Sources", "Examples"] {
            let files = try #require(
                FileManager.default.enumerator(
                    at: Self.root.appendingPathComponent(top), includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                guard Self.isAppleOnly(text) else { continue }
                let path = String(file.path.dropFirst(Self.root.path.count + 1))
                actual[path] =
                    text.split(separator: "\n", omittingEmptySubsequences: false).count
                    - (text.hasSuffix("\n") ? 1 : 0)
            }
        }
        #expect(!actual.isEmpty)
        #expect(listed == actual)
    }
}
