import Foundation
import Testing
import Waypoint

/// One case of a Paylisher pattern table, with its table's options.
struct PaylisherTableCase: Sendable, CustomTestStringConvertible {
    var table: String
    var options: [String: JSONValue]
    var name: String
    var input: String
    var givenCampaignData: JSONValue?
    var expect: [String: JSONValue]

    var testDescription: String { name }
}

/// Loads `Tests/Fixtures/paylisher.json`, found from this file's path.
enum PaylisherTableFixture {
    /// A fixture that does not have the shape of Documentation/spec/tables.md.
    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    static var fileURL: URL {
        var directory = URL(fileURLWithPath: #filePath)
        while directory.lastPathComponent != "Tests" && directory.pathComponents.count > 1 {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("Fixtures/paylisher.json")
    }

    static func tables() throws -> [JSONValue] {
        let text = try String(contentsOf: fileURL, encoding: .utf8)
        let root = try JSONValue(parsing: text)
        switch root {
        case .array(let tables): return tables
        case .object: return [root]
        default: throw FormatError(description: "\(fileURL.path): expected a table or an array of tables")
        }
    }

    static func cases() throws -> [PaylisherTableCase] {
        try tables().flatMap { table -> [PaylisherTableCase] in
            guard case .string("paylisher")? = table["adapter"], case .array(let cases)? = table["cases"]
            else {
                throw FormatError(description: "\(fileURL.path): a table is not a Paylisher table with cases")
            }
            let description = table["description"]?.stringValue ?? ""
            let options = table["options"]?.objectValue ?? [:]
            return try cases.map { testCase in
                guard let input = testCase["input"]?.stringValue, let expect = testCase["expect"]?.objectValue
                else {
                    throw FormatError(description: "\(fileURL.path): a case lacks input or expect")
                }
                return PaylisherTableCase(
                    table: description, options: options, name: testCase["name"]?.stringValue ?? input,
                    input: input, givenCampaignData: testCase["givenCampaignData"], expect: expect)
            }
        }
    }
}
