import Waypoint
import WaypointTables

/// What `waypoint build-check` does with a pattern table file (Documentation/spec/tables.md):
/// runs every case of every table, as `waypoint test` does, and reports at their lines in
/// the file:
///
/// - a failing case, or a route that does not register as the table says: an error at the
///   case's or the route's line;
/// - a file that is not JSON, or a table that cannot run: an error at the problem's line, or
///   the table's;
/// - what `waypoint lint` finds in a router table's routes, but invalid routes (the
///   registration checks report those): warnings at the routes' lines;
/// - what the `aasa` member's check finds (``associationDiagnostics(_:result:options:)``).
struct TableFileCheck: Sendable {
    /// The diagnostics, by line.
    let diagnostics: [BuildDiagnostic]

    /// Reads and checks the table file at `path`.
    init(path: String) {
        let name = TextFile.displayName(path)
        let text: String
        do throws(CommandError) {
            text = try TextFile.read(path)
        } catch {
            diagnostics = [BuildDiagnostic(.error, "unreadableFile", file: name, message: error.message)]
            return
        }
        let tables: [PatternTable]
        do throws(TableError) {
            tables = try PatternTable.tables(parsing: text, file: name, recordingLines: true)
        } catch {
            diagnostics = [
                BuildDiagnostic(
                    .error, "malformedTable", file: name, line: error.line, column: error.column,
                    message: error.message)
            ]
            return
        }
        diagnostics = BuildDiagnostic.byLine(tables.flatMap(Self.check))
    }

    /// The diagnostics of one table.
    static func check(_ table: PatternTable) -> [BuildDiagnostic] {
        let tableLine = table.line(at: []) ?? 1
        guard let adapter = TableAdapters.named(table.adapter) else {
            let runs = TableAdapters.all.map(\.name).joined(separator: ", ")
            return [
                BuildDiagnostic(
                    .error, "malformedTable", file: table.file, line: tableLine,
                    message:
                        "\(table.label): adapter \(table.adapter.quoted) is not supported (waypoint runs: \(runs))"
                )
            ]
        }
        let results: [CheckResult]
        do throws(TableError) {
            results = try adapter.run(table)
        } catch {
            return [
                BuildDiagnostic(
                    .error, "malformedTable", file: table.file, line: tableLine,
                    message: "\(table.label): \(error.message)")
            ]
        }
        var diagnostics: [BuildDiagnostic] = []
        var association: CheckResult?
        for result in results {
            // The `aasa` member's check is the one result that is not at a place of the
            // table; its findings are reported one by one.
            if result.place.isEmpty && result.name == associationCheckName {
                association = result
                continue
            }
            guard !result.passed else { continue }
            diagnostics.append(
                BuildDiagnostic(
                    .error, "failedCase", file: table.file, line: table.line(at: result.place) ?? tableLine,
                    message: failure(result)))
        }
        guard table.adapter == "router",
            let options = try? RouterTableAdapter.routerOptions(
                table.options(allowed: RouterTableAdapter.optionTypes))
        else { return diagnostics }
        let routes = plainRoutes(table)
        let file = RoutesFile(path: table.file, entries: routes)
        diagnostics += RouteLinter(options: options).lint(file).filter { $0.kind != .invalidRoute }.map {
            RoutesFileCheck.diagnostic($0, file: table.file, withColumn: false)
        }
        if let association {
            diagnostics += associationDiagnostics(
                table, result: association, routes: routes, options: options)
        }
        return diagnostics
    }

    /// The name ``AASATableSection`` gives the check of a table's `aasa` member.
    static let associationCheckName = "aasa check"

    /// What a failed check says: the case, its input, and the values that differ.
    static func failure(_ result: CheckResult) -> String {
        if result.place.first == .key("routes") {
            let expected = result.expected.objectValue?["expectError"]?.stringValue
            let reason = result.note.map { ": \($0)" } ?? ""
            guard let expected else { return "route \(result.input.quoted) does not register\(reason)" }
            return
                "route \(result.input.quoted) should fail to register with \(expected), got \(result.actual.jsonString)\(reason)"
        }
        var text =
            "\(result.label) fails for \(result.input): expected \(result.expected.jsonString), got \(result.actual.jsonString)"
        if let note = result.note { text += "; \(note)" }
        return text
    }

    /// A router table's plain routes (not those that must fail to register), each at its
    /// line in the file (the table's line when it is not known).
    static func plainRoutes(_ table: PatternTable) -> [RoutesFile.Entry] {
        let tableLine = table.line(at: []) ?? 1
        let list = table.members["routes"]?.arrayValue ?? []
        return list.enumerated().compactMap { offset, item in
            item.stringValue.map {
                RoutesFile.Entry(
                    line: table.line(at: [.key("routes"), .index(offset)]) ?? tableLine, route: $0)
            }
        }
    }
}
