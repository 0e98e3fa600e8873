import Waypoint

/// What `waypoint android check` found, and what it looked at.
struct AndroidReport: Sendable {
    let host: String
    let routeCount: Int
    /// The routes that receive the host's App Links.
    var receivingCount = 0
    /// The routes left out, and why.
    var skipped: [(route: AASARoute, reason: String)] = []
    /// The intent filters that take https links of the host.
    var filterCount = 0
    /// The URLs tried.
    var urlCount = 0
    var findings: [AndroidFinding] = []
    var notes: [String] = []

    /// `N findings; R of T routes receive https://HOST links; F filters; U URLs tried`.
    var summary: String {
        let findingCount = "\(findings.count) finding\(findings.count == 1 ? "" : "s")"
        let left = skipped.isEmpty ? "" : " (\(skipped.count) left out)"
        return
            "\(findingCount); \(receivingCount) of \(routeCount) route\(routeCount == 1 ? "" : "s") receive https://\(host) links\(left); \(filterCount) intent filter\(filterCount == 1 ? "" : "s") for the host; \(urlCount) URLs tried"
    }

    /// Prints the findings, the notes and (unless to standard error) the summary.
    func print(to console: inout Console, errors: Bool = false) {
        var lines = findings.map { finding in
            "\(finding.location): \(finding.kind.rawValue): \(finding.message)"
                + (finding.devices == .all ? "" : " [\(finding.devices.rawValue)]")
        }
        lines += notes.map { "note: " + $0 }
        for line in lines {
            if errors {
                console.printError(CommandError.oneLine(line))
            } else {
                console.print(CommandError.oneLine(line))
            }
        }
        if !errors { console.print(summary) }
    }

    /// The report as one JSON object.
    var json: JSONValue {
        .object([
            "host": .string(host), "routes": .number(Double(routeCount)),
            "receiving": .number(Double(receivingCount)), "filters": .number(Double(filterCount)),
            "urls": .number(Double(urlCount)),
            "skipped": .array(
                skipped.map { route, reason in
                    .object([
                        "route": .string(route.route),
                        "location": route.location.map(JSONValue.string) ?? .null,
                        "reason": .string(reason),
                    ])
                }),
            "findings": .array(
                findings.map { finding in
                    var members: [String: JSONValue] = [
                        "kind": .string(finding.kind.rawValue), "location": .string(finding.location),
                        "devices": .string(
                            finding.devices == .all
                                ? "all"
                                : finding.devices == .withDynamicRules
                                    ? "withDynamicRules" : "withoutDynamicRules"),
                        "message": .string(finding.message),
                    ]
                    if let route = finding.route { members["route"] = .string(route) }
                    if let url = finding.url { members["url"] = .string(url) }
                    return .object(members)
                }),
            "notes": .array(notes.map(JSONValue.string)),
        ])
    }
}
