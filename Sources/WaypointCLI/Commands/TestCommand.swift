import Waypoint
import WaypointTables

extension Command {
    /// `waypoint test`: runs pattern tables.
    static let test = Command(
        name: "test",
        summary: "Runs every case of pattern tables and reports the failures",
        usage: "[options] TABLE.json...",
        help: [
            """
            Runs every case of every table in the files (a file holds one table or a JSON array
            of tables). Each failure is printed with its table (file, number and description),
            the case name, the input, and the expected and actual values of the keys that
            differ, as compact JSON. The last line is "N passed, M failed".
            """,
            """
            Router tables also check registration, one case per check: a route object
            {"route": ..., "expectError": KIND} passes when registering it throws that kind, and
            a plain route that fails to register is a failed case.
            """,
            """
            A file that cannot be read or parsed, a table that is malformed (a case without
            input, an unknown option or expectation key) or whose adapter this build does not
            run is reported on standard error, one line each; the other tables still run, and
            the exit status is 2.
            """,
            """
            --regex-budget runs every router table with that regex budget, over the table's own
            "regexBudget" option.
            """,
            """
            With --json, prints one JSON object: passed, failed and failures (file, table,
            description, case, input, expected, actual, note).
            """,
        ],
        options: [RouterFlags.regexBudget, .json("print one JSON object")],
        arguments: Arguments(name: "TABLE.json", minimum: 1, maximum: nil),
        exitStatus:
            "0 every case passed, 1 a case failed, 2 bad usage or a table that could not be read or run.",
        run: { invocation, console throws(CommandError) in
            var report = TestReport()
            let regexBudget = try RouterFlags.regexBudget(invocation)
            for path in invocation.arguments {
                let tables: [PatternTable]
                do throws(CommandError) {
                    tables = try TableFile.load(path)
                } catch {
                    report.errors.append(error)
                    continue
                }
                for table in tables {
                    guard let adapter = TableAdapters.named(table.adapter, regexBudget: regexBudget) else {
                        let runs = TableAdapters.all.map(\.name).joined(separator: ", ")
                        report.errors.append(
                            table.error(
                                TableError(
                                    "adapter \(table.adapter.quoted) is not supported by this waypoint (it runs: \(runs))"
                                )))
                        continue
                    }
                    do throws(TableError) {
                        report.add(try adapter.run(table), of: table)
                    } catch {
                        report.errors.append(table.error(error))
                    }
                }
            }
            report.print(to: &console, json: invocation.json)
            if !report.errors.isEmpty { return .usageError }
            return report.failures.isEmpty ? .success : .checkFailed
        }
    )
}
