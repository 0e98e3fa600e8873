import Waypoint

/// The output of `waypoint lint`:
///
/// ```
/// routes.txt:4:1: shadowed: "/a/b" can never win: "/a/:x" on line 2 matches every URL it matches
/// 12 routes, 1 finding
/// ```
enum LintReport {
    /// Prints the findings and the summary, which starts with the file's name when
    /// `namingFile` (several files are linted).
    static func print(
        file: RoutesFile, findings: [LintFinding], namingFile: Bool = false, to console: inout Console
    ) {
        for finding in findings {
            let location = file.location(line: finding.line, column: finding.column)
            console.print(CommandError.oneLine("\(location): \(finding.kind.rawValue): \(finding.message)"))
        }
        let summary = summary(file: file, findings: findings)
        console.print(namingFile ? "\(file.path): \(summary)" : summary)
    }

    /// `N routes, M findings`.
    static func summary(file: RoutesFile, findings: [LintFinding]) -> String {
        let routes = file.entries.count
        return
            "\(routes) route\(routes == 1 ? "" : "s"), \(findings.count) finding\(findings.count == 1 ? "" : "s")"
    }

    static func json(file: RoutesFile, findings: [LintFinding]) -> JSONValue {
        let list = findings.map { finding -> JSONValue in
            var members: [String: JSONValue] = [
                "kind": .string(finding.kind.rawValue),
                "line": .number(Double(finding.line)),
                "column": .number(Double(finding.column)),
                "route": .string(finding.route),
                "message": .string(finding.message),
            ]
            if let earlier = finding.earlier {
                members["earlierLine"] = .number(Double(earlier.line))
                members["earlierRoute"] = .string(earlier.route)
            }
            if let error = finding.error { members["error"] = .string(error.rawValue) }
            return .object(members)
        }
        return .object([
            "file": .string(file.path), "routes": .number(Double(file.entries.count)),
            "findings": .array(list),
        ])
    }
}
