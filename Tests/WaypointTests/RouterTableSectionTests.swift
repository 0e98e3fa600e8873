import Testing
import Waypoint
import WaypointTables

/// `RouterTableAdapter` reads a member beyond the spec through a `RouterTableSection` (the
/// command line's `aasa`): without one the member is an unknown key; with one its
/// expectation keys are allowed, its values join each case's and its check follows the cases.
@Suite("Router tables: a section beyond the spec")
struct RouterTableSectionTests {
    /// A section whose cases may expect `length`, the input's length, and whose check
    /// passes when the table registered `routes` plain routes.
    struct Lengths: RouterTableSection {
        static let member = "lengths"
        static let expectationKeys: Set<String> = ["length"]
        let routes: Int

        init?(_ table: PatternTable) throws(TableError) {
            guard let value = table.members[Self.member] else { return nil }
            guard let routes = value.doubleValue else { throw TableError("\"lengths\" must be a number") }
            self.routes = Int(routes)
        }

        func caseValues(_ input: String) -> [String: JSONValue] {
            ["length": .number(Double(input.count))]
        }

        func check(routes: [String], options: RouterOptions) -> CheckResult {
            CheckResult(
                name: "lengths check", label: "lengths check", input: "",
                mismatches: TableExpectation.mismatches(
                    expected: ["routes": .number(Double(self.routes))],
                    actual: ["routes": .number(Double(routes.count))]))
        }
    }

    static func table(_ text: String) throws -> PatternTable {
        let tables = try PatternTable.tables(parsing: text, file: "t.json")
        #expect(tables.count == 1)
        return try #require(tables.first)
    }

    static let text = #"""
        {"routes": ["/a/:id", {"route": "/b/:x/:x", "expectError": "duplicateParameter"}], "lengths": 1,
         "cases": [{"input": "s://h/a/1", "expect": {"route": "/a/:id", "length": 9}},
                   {"input": "s://h/zz", "expect": {"matched": false, "length": 8}}]}
        """#

    @Test("without a section, its member is an unknown key")
    func noSection() throws {
        #expect(throws: TableError("unknown key \"lengths\"")) {
            try RouterTableAdapter().run(Self.table(Self.text))
        }
    }

    @Test("with a section, its keys are compared and its check comes after the cases")
    func withSection() throws {
        let results = try RouterTableAdapter(section: Lengths.self).run(Self.table(Self.text))
        #expect(results.map(\.name) == ["route \"/b/:x/:x\"", "case 1", "case 2", "lengths check"])
        #expect(results.allSatisfy { $0.passed }, "\(results.map(\.mismatches))")

        let wrong = Self.text.replacing(#""length": 9"#, with: #""length": 8"#)
            .replacing(#""lengths": 1"#, with: #""lengths": 2"#)
        let failed = try RouterTableAdapter(section: Lengths.self).run(Self.table(wrong)).filter {
            !$0.passed
        }
        #expect(failed.map(\.name) == ["case 1", "lengths check"])
        #expect(failed.first?.mismatches.map(\.key) == ["length"])
        #expect(failed.first?.actual == ["length": 9])
    }

    @Test("without the member, a case expecting the section's key is rejected")
    func memberAbsent() throws {
        let text = #"{"routes": ["/a"], "cases": [{"input": "s://h/a", "expect": {"length": 7}}]}"#
        #expect {
            try RouterTableAdapter(section: Lengths.self).run(Self.table(text))
        } throws: { error in
            (error as? TableError)?.message.hasPrefix("case 1: unknown expectation key \"length\"") == true
        }
    }

    @Test("a malformed section is reported before the table's options")
    func malformed() throws {
        let text = #"{"routes": [], "lengths": "x", "options": {"bogus": 1}, "cases": []}"#
        #expect(throws: TableError("\"lengths\" must be a number")) {
            try RouterTableAdapter(section: Lengths.self).run(Self.table(text))
        }
    }
}
