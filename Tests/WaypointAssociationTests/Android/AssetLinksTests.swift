import Foundation
import Testing
import WaypointAssociation

/// Reading `assetlinks.json`: Android's documented statements, dynamic rules, and what is
/// refused or discarded.
@Suite("assetlinks.json reading")
struct AssetLinksTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func statement(_ package: String, extensions: String = "") -> String {
        """
        {"relation": ["delegate_permission/common.handle_all_urls"],
         "target": {"namespace": "android_app", "package_name": "\(package)",
                    "sha256_cert_fingerprints": ["\(fingerprint)"]}\(extensions)}
        """
    }

    @Test("the documented statements for two apps")
    func twoApps() throws {
        let file = try AssetLinks(
            json:
                "[\(Self.statement("com.example.puppies.app")), \(Self.statement("com.example.monkeys.app"))]"
        )
        #expect(file.statements.count == 2)
        #expect(file.handlesAllURLs(package: "com.example.monkeys.app"))
        #expect(
            file.handlesAllURLs(
                package: "com.example.puppies.app", fingerprint: Self.fingerprint.lowercased()))
        #expect(!file.handlesAllURLs(package: "com.example.other"))
    }

    @Test("dynamic rules are read, and malformed ones discarded as Android discards them")
    func dynamicRules() throws {
        let rules = """
            , "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [
              {"?": {"dl": "*"}}, {"#": "app"}, {"/": "/products/*"}, {"/": "/shoes", "?": {"in_app": "true"}},
              {"/": "*", "exclude": true}]}}
            """
        let file = try AssetLinks(json: "[\(Self.statement("com.example.app", extensions: rules))]")
        let read = try #require(file.statements.first?.dynamicRules)
        #expect(read.components.count == 5)
        #expect(read.components[3] == .init(path: "/shoes", query: ["in_app": "true"]))
        #expect(read.components[4].exclude)
        let broken = """
            , "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [
              {"/": "/a"}, {"/": ""}]}}
            """
        let discarded = try AssetLinks(json: "[\(Self.statement("com.example.app", extensions: broken))]")
        #expect(discarded.statements.first?.dynamicRules == nil)
        #expect(
            discarded.statements.first?.discardedDynamicRules
                == "rule 1 has \"/\" of the wrong type, empty, or unknown")
    }

    static let refused: [(String, String)] = [
        ("{}", "(root): expected an array, found an object"),
        (
            "[{\"relation\": [], \"target\": {\"namespace\": \"android_app\"}}]",
            "[0].target: missing key \"package_name\""
        ),
        (
            "[{\"relation\": [], \"target\": {\"namespace\": \"web\", \"site\": \"https://a.com\"}, \"extra\": 1}]",
            "[0]: unknown key \"extra\""
        ),
        (
            "[{\"relation\": [], \"target\": {\"namespace\": \"android_app\", \"package_name\": \"a.b\", \"sha256_cert_fingerprints\": [\"AB:CD\"]}}]",
            "[0].target.sha256_cert_fingerprints[0]: \"AB:CD\" is not a SHA-256 fingerprint: expected 32 bytes as hex pairs separated by \":\""
        ),
        ("[{\"relation\": \"x\"}]", "[0].relation: expected an array, found a string"),
    ]

    @Test("files that break the format are refused at a JSON path", arguments: refused)
    func refusedFiles(_ json: String, _ message: String) {
        do {
            _ = try AssetLinks(json: json)
            Issue.record("\(json) was read")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("include statements are kept, not followed")
    func include() throws {
        let file = try AssetLinks(json: "[{\"include\": \"https://example.com/links.json\"}]")
        #expect(file.includes == ["https://example.com/links.json"])
        #expect(file.statements.isEmpty)
    }

    @Test("size: ten times a large real file reads; past the cap is refused")
    func size() throws {
        // A large real file is about 10 KB; 100 KB of statements still read, every one.
        let one = Self.statement("com.example.app")
        let count = 100_000 / (one.utf8.count + 2)
        let file = try AssetLinks(
            json: "[" + Array(repeating: one, count: count).joined(separator: ", ") + "]")
        #expect(file.statements.count == count)
        let huge = "[" + String(repeating: " ", count: AssetLinks.maximumSize) + "]"
        #expect(throws: AssetLinksError.self) { try AssetLinks(json: huge) }
    }

    @Test("fingerprints")
    func fingerprints() {
        #expect(AssetLinks.isFingerprint(Self.fingerprint))
        #expect(AssetLinks.isFingerprint(Self.fingerprint.lowercased()))
        #expect(!AssetLinks.isFingerprint(String(Self.fingerprint.dropLast(3))))
        #expect(!AssetLinks.isFingerprint(Self.fingerprint.replacingOccurrences(of: ":", with: "")))
        #expect(!AssetLinks.isFingerprint(Self.fingerprint.replacingOccurrences(of: "14", with: "1G")))
    }
}
