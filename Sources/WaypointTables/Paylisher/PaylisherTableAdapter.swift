import Waypoint
import WaypointPaylisher

/// Runs Paylisher tables (`"adapter": "paylisher"`): each case's input is parsed with the
/// configuration the table's `options` describe (`shortLinkHosts`, `apiBase`), with the
/// case's `givenCampaignData` attached (Documentation/spec/paylisher.md §10).
package struct PaylisherTableAdapter: TableAdapter {
    package let name = "paylisher"

    /// The runner; it has no settings.
    package init() {}

    /// The keys a Paylisher expectation may name (Documentation/spec/tables.md).
    package static let expectationKeys: Set<String> = [
        "parseOK", "scheme", "pathSegments", "parameters", "destination", "campaignKeyName", "jid",
        "campaignId",
        "source", "utmMedium", "referrer", "campaignSource", "isShortLink", "authParamRequired",
        "resolvedDestination", "resolveRequest",
    ]

    /// The JSON type of each Paylisher expectation's value, as
    /// `PaylisherDeepLink.tableValues` gives it (`null` aside).
    package static let expectationTypes: [String: JSONType] = [
        "parseOK": .bool, "scheme": .string, "pathSegments": .array, "parameters": .object,
        "destination": .string, "campaignKeyName": .string, "jid": .string, "campaignId": .string,
        "source": .string, "utmMedium": .string, "referrer": .string, "campaignSource": .string,
        "isShortLink": .bool, "authParamRequired": .bool, "resolvedDestination": .string,
        "resolveRequest": .string,
    ]

    package func run(_ table: PatternTable) throws(TableError) -> [CheckResult] {
        try table.checkKeys(extra: [])
        let config = try Self.config(table)
        var results: [CheckResult] = []
        for tableCase in try table.cases(
            expectationKeys: Self.expectationKeys, expectationTypes: Self.expectationTypes,
            caseKeys: ["givenCampaignData"])
        {
            let actual = PaylisherDeepLink.tableValues(
                input: tableCase.input, config: config,
                givenCampaignData: tableCase.members["givenCampaignData"])
            results.append(
                CheckResult(
                    name: tableCase.name, label: tableCase.label, input: tableCase.input,
                    mismatches: TableExpectation.mismatches(expected: tableCase.expect, actual: actual),
                    place: tableCase.place))
        }
        return results
    }

    /// The configuration the table's `options` describe; the default without options.
    package static func config(_ table: PatternTable) throws(TableError) -> PaylisherDeepLinkConfig {
        guard let value = table.members["options"] else { return PaylisherDeepLinkConfig() }
        guard let options = value.objectValue else { throw TableError("\"options\" must be an object") }
        do {
            return try PaylisherDeepLinkConfig(tableOptions: options)
        } catch {
            throw TableError(error.description)
        }
    }
}
