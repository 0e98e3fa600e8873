import Foundation
import Testing
import Waypoint

/// Loads the JSON pattern tables in `Tests/Fixtures` (copied from the shared tables, so the
/// project stands on its own), parsed with Waypoint's own JSON parser.
enum Fixtures {
    /// `Tests/Fixtures`, found from this file's location.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // WaypointTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures")

    /// The tables of a fixture file (a single table or an array of tables).
    static func tables(_ name: String) throws -> [[String: JSONValue]] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        switch try JSONValue(parsing: text) {
        case .array(let tables): return tables.compactMap(\.objectValue)
        case .object(let table): return [table]
        default: throw CocoaError(.fileReadCorruptFile)
        }
    }

    /// One case of a router table, with what it needs to run on its own.
    struct RouterCase: CustomTestStringConvertible, Sendable {
        let table: String
        let name: String
        let routes: [(route: String, expectError: String?)]
        let options: RouterOptions
        let input: String
        let expect: [String: JSONValue]
        var testDescription: String { "\(table) — \(name)" }
    }

    /// Every case of the router tables in `name`.
    static func routerCases(_ name: String) -> [RouterCase] {
        guard let tables = try? tables(name) else { return [] }
        var cases: [RouterCase] = []
        for table in tables where (table["adapter"]?.stringValue ?? "router") == "router" {
            let description = table["description"]?.stringValue ?? "?"
            let options = table["options"]?.objectValue ?? [:]
            var routerOptions = RouterOptions(
                caseInsensitivePaths: options["caseInsensitivePaths"]?.boolValue ?? false,
                strictTrailingSlash: options["strictTrailingSlash"]?.boolValue ?? false)
            if let budget = options["regexBudget"]?.numberValue { routerOptions.regexBudget = UInt32(budget) }
            if let limit = options["matchLimit"]?.numberValue { routerOptions.matchLimit = UInt32(limit) }
            let routes: [(String, String?)] = (table["routes"]?.arrayValue ?? []).compactMap { item in
                if let route = item.stringValue { return (route, nil) }
                guard let route = item["route"]?.stringValue else { return nil }
                return (route, item["expectError"]?.stringValue)
            }
            for (index, item) in (table["cases"]?.arrayValue ?? []).enumerated() {
                cases.append(
                    RouterCase(
                        table: description, name: item["name"]?.stringValue ?? "case \(index + 1)",
                        routes: routes,
                        options: routerOptions, input: item["input"]?.stringValue ?? "",
                        expect: item["expect"]?.objectValue ?? [:]))
            }
        }
        return cases
    }
}
