import Waypoint
import WaypointAssociation

/// The output of `waypoint aasa check`:
///
/// ```
/// routes.txt:12: routeNeverOpened: no rule opens the app for "/wallet": a universal link such as https://shop.example/wallet opens the browser (by construction)
/// applinks.details[0].components[3]: deadRule: applinks.details[0].components[3] never decides: … (by construction)
/// 2 findings; 21 of 26 routes receive https://shop.example links; 9 rules for ABCDE12345.com.example.shop
/// ```
extension AASAReport {
    /// Prints the findings, the notes and the summary.
    func print(to console: inout Console, errors: Bool = false) {
        for finding in findings {
            let line =
                "\(finding.location): \(finding.kind.rawValue): \(finding.message) (\(finding.method.rawValue))"
            if errors {
                console.printError(CommandError.oneLine(line))
            } else {
                console.print(CommandError.oneLine(line))
            }
        }
        for note in notes {
            let line = "note: " + note
            if errors {
                console.printError(CommandError.oneLine(line))
            } else {
                console.print(CommandError.oneLine(line))
            }
        }
        if !errors { console.print(summary) }
    }

    /// `N findings; R of T routes receive https://HOST links; U rules for APP`.
    var summary: String {
        let findingCount = "\(findings.count) finding\(findings.count == 1 ? "" : "s")"
        let left = skipped.isEmpty ? "" : " (\(skipped.count) left out: " + skippedReasons + ")"
        return
            "\(findingCount); \(receivingCount) of \(routeCount) route\(routeCount == 1 ? "" : "s") receive https://\(host) links\(left); \(ruleCount) rule\(ruleCount == 1 ? "" : "s") for \(appID)"
    }

    private var skippedReasons: String {
        var counts: [String: Int] = [:]
        for (_, reason) in skipped { counts[reason, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { "\($0.value) because \($0.key)" }.joined(
            separator: ", ")
    }

    /// The report as one JSON object.
    var json: JSONValue {
        .object([
            "appID": .string(appID), "host": .string(host), "routes": .number(Double(routeCount)),
            "receiving": .number(Double(receivingCount)), "rules": .number(Double(ruleCount)),
            "skipped": .array(
                skipped.map { route, reason in
                    .object([
                        "route": .string(route.route),
                        "location": route.location.map(JSONValue.string) ?? .null,
                        "reason": .string(reason),
                    ])
                }),
            "findings": .array(findings.map(\.json)),
            "notes": .array(notes.map(JSONValue.string)),
        ])
    }
}

extension AASAFinding {
    /// The finding as a JSON object: kind, method, route and location or rule, url, earlier,
    /// message.
    var json: JSONValue {
        var members: [String: JSONValue] = [
            "kind": .string(kind.rawValue),
            "method": .string(method == .construction ? "construction" : "examples"),
            "message": .string(message),
        ]
        if let route {
            members["route"] = .string(route.route)
            members["location"] = route.location.map(JSONValue.string) ?? .null
        }
        if let rule { members["rule"] = .string(rule.description) }
        if let url { members["url"] = .string(url) }
        if kind == .deadRule { members["earlier"] = .array(earlier.map { .string($0.description) }) }
        return .object(members)
    }
}
