import Waypoint
import WaypointDetour

/// Runs Detour tables (`"adapter": "detour"`): each case's input goes through Detour's
/// offline link pipeline (Documentation/spec/detour.md §4, §10) with the case's `mode` (default `all`), as a
/// deferred link when the case has `"typeOverride": "deferred"`.
package struct DetourTableAdapter: TableAdapter {
    package let name = "detour"

    /// The runner; it has no settings.
    package init() {}

    /// The keys a Detour expectation may name (Documentation/spec/tables.md).
    package static let expectationKeys: Set<String> = ["empty", "url", "route", "pathname", "params", "type"]

    /// The JSON type of each Detour expectation's value, as `DetourResult.tableRecord`
    /// gives it (`null` aside).
    package static let expectationTypes: [String: JSONType] = [
        "empty": .bool, "url": .string, "route": .string, "pathname": .string, "params": .object,
        "type": .string,
    ]

    package func run(_ table: PatternTable) throws(TableError) -> [CheckResult] {
        try table.checkKeys(extra: [])
        _ = try table.options(allowed: [:])
        var results: [CheckResult] = []
        for tableCase in try table.cases(
            expectationKeys: Self.expectationKeys, expectationTypes: Self.expectationTypes,
            caseKeys: ["mode", "typeOverride"])
        {
            let mode = try Self.mode(of: tableCase)
            let deferred = try Self.isDeferred(tableCase)
            let actual = DetourLinkPipeline.evaluate(tableCase.input, mode: mode, deferred: deferred)
                .tableRecord
            results.append(
                CheckResult(
                    name: tableCase.name, label: tableCase.label, input: tableCase.input,
                    mismatches: TableExpectation.mismatches(expected: tableCase.expect, actual: actual),
                    place: tableCase.place))
        }
        return results
    }

    /// The case's `mode`: `all`, `web-only` or `deferred-only`.
    private static func mode(of tableCase: TableCase) throws(TableError) -> LinkProcessingMode {
        guard let value = tableCase.members["mode"] else { return .all }
        guard let text = value.stringValue, let mode = LinkProcessingMode(rawValue: text) else {
            let known = LinkProcessingMode.allCases.map(\.rawValue).joined(separator: ", ")
            throw TableError("case \(tableCase.number): \"mode\" must be one of \(known)")
        }
        return mode
    }

    /// Whether the case has `"typeOverride": "deferred"`, the only override Detour has.
    private static func isDeferred(_ tableCase: TableCase) throws(TableError) -> Bool {
        guard let value = tableCase.members["typeOverride"] else { return false }
        guard value == "deferred" else {
            throw TableError("case \(tableCase.number): \"typeOverride\" must be \"deferred\"")
        }
        return true
    }
}
