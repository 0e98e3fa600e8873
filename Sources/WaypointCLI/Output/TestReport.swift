import Waypoint
import WaypointTables

/// What `waypoint test` found: the counts, the failures and the tables it could not run.
///
/// A failure prints as
///
/// ```
/// FAIL shop/table.json, table 1 "Shop routes": case "product page"
///   input:    shop://shop.example/products/42
///   expected: {"route":"/products/:id(\\d+)"}
///   actual:   {"route":"/products/:slug"}
/// ```
///
/// with a `note:` line when there is more to say, and the report ends with
/// `N passed, M failed`.
struct TestReport {
    /// A failed check and the table it belongs to.
    struct Failure {
        let table: PatternTable
        let result: CheckResult
    }

    /// The number of checks that passed.
    private(set) var passed = 0
    /// The checks that failed, in order.
    private(set) var failures: [Failure] = []
    /// The files and tables that could not be run.
    var errors: [CommandError] = []

    /// Counts the results of `table`.
    mutating func add(_ results: [CheckResult], of table: PatternTable) {
        for result in results {
            if result.passed {
                passed += 1
            } else {
                failures.append(Failure(table: table, result: result))
            }
        }
    }

    /// The summary line.
    var summary: String {
        "\(passed) passed, \(failures.count) failed"
    }

    func print(to console: inout Console, json: Bool) {
        for error in errors { console.printError(error.line(command: "test")) }
        if json {
            console.print(self.json.jsonString)
            return
        }
        for failure in failures {
            let result = failure.result
            console.print("FAIL \(failure.table.file), \(failure.table.label): \(result.label)")
            console.print("  input:    \(CommandError.oneLine(result.input))")
            console.print("  expected: \(result.expected.jsonString)")
            console.print("  actual:   \(result.actual.jsonString)")
            if let note = result.note { console.print("  note:     \(CommandError.oneLine(note))") }
        }
        console.print(summary)
    }

    private var json: JSONValue {
        let list = failures.map { failure -> JSONValue in
            var members: [String: JSONValue] = [
                "file": .string(failure.table.file),
                "table": .number(Double(failure.table.index)),
                "description": failure.table.description.map(JSONValue.string) ?? .null,
                "case": .string(failure.result.name),
                "input": .string(failure.result.input),
                "expected": failure.result.expected,
                "actual": failure.result.actual,
            ]
            if let note = failure.result.note { members["note"] = .string(note) }
            return .object(members)
        }
        return .object([
            "passed": .number(Double(passed)), "failed": .number(Double(failures.count)),
            "failures": .array(list),
        ])
    }
}
