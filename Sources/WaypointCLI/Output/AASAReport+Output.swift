import Waypoint
import WaypointAssociation

/// The output of `waypoint aasa check`:
///
/// ```
/// routes.txt:12: routeNeverOpened: no rule opens the app for "/wallet": a universal link such as https://shop.example/wallet opens the browser (by construction)
/// applinks.details[0].components[3]: deadRule: applinks.details[0].components[3] never decides: … (by construction)
/// 2 findings; 21 of 26 routes receive links of shop.example; 9 rules for ABCDE12345.com.example.shop
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

    /// `N findings; R of T routes receive links of HOST; U rules for APP`, and the routes not
    /// checked, or checked on examples only, when there are any.
    var summary: String {
        let findingCount = "\(findings.count) finding\(findings.count == 1 ? "" : "s")"
        let left = skipped.isEmpty ? "" : " (\(skipped.count) left out: " + skippedReasons + ")"
        var text =
            "\(findingCount); \(receivingCount) of \(routeCount) route\(routeCount == 1 ? "" : "s") receive links of \(host)\(left); \(ruleCount) rule\(ruleCount == 1 ? "" : "s") for \(appID)"
        if examplesOnlyRoutes > 0 {
            text +=
                "; \(examplesOnlyRoutes) route\(examplesOnlyRoutes == 1 ? "" : "s") compared on examples only"
        }
        if !uncheckedRoutes.isEmpty {
            text += "; \(uncheckedRoutes.count) route\(uncheckedRoutes.count == 1 ? "" : "s") not checked"
        }
        return text
    }

    /// The exit status of `waypoint aasa check` (aasa.md §7.4): 3 when some route was not
    /// checked, else 1 with findings, else 0.
    var exitStatus: ExitStatus {
        if !uncheckedRoutes.isEmpty { return .incomplete }
        return findings.isEmpty ? .success : .checkFailed
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
            "examplesOnly": .number(Double(examplesOnlyRoutes)),
            "unchecked": .array(
                uncheckedRoutes.map { route in
                    .object([
                        "route": .string(route.route),
                        "location": route.location.map(JSONValue.string) ?? .null,
                    ])
                }),
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
