import Waypoint
import WaypointTables

/// What `waypoint build-check` does with a routes file: lint it, and name its routes.
///
/// Lint findings become diagnostics at their line and column: `invalidRoute` is an error
/// (the route cannot work), every other kind a warning (duplicate, shadowed, likely
/// mistakes). The names' problems come from ``RouteNameTable``.
struct RoutesFileCheck: Sendable {
    /// The diagnostics, by line.
    let diagnostics: [BuildDiagnostic]
    /// The `RouteName` constants the file gives.
    let constants: [RouteNameTable.Constant]

    /// Checks `file` as a router with `options` registers it; `others` are the target's
    /// other routes files, whose names must differ from this one's.
    init(file: RoutesFile, others: [RoutesFile] = [], options: RouterOptions = RouterOptions()) {
        let findings = RouteLinter(options: options).lint(file)
        let names = RouteNameTable(file: file, others: others, options: options)
        diagnostics = BuildDiagnostic.byLine(
            findings.map { Self.diagnostic($0, file: file.path, withColumn: true) } + names.diagnostics)
        constants = names.constants
    }

    /// The diagnostic of a lint finding in `file`: an error for an invalid route, a warning
    /// otherwise; with its column when `withColumn` (a routes file's columns are the file's).
    static func diagnostic(_ finding: LintFinding, file: String, withColumn: Bool) -> BuildDiagnostic {
        BuildDiagnostic(
            finding.kind == .invalidRoute ? .error : .warning, finding.kind.rawValue, file: file,
            line: finding.line, column: withColumn ? finding.column : nil, message: finding.message)
    }
}
