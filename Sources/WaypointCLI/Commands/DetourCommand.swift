import Waypoint
import WaypointDetour
import WaypointTables

extension Command {
    /// `waypoint detour`: the Detour link model of each input.
    static let detour = Command(
        name: "detour",
        summary: "Prints the Detour link model of each input (offline, as a runtime link)",
        usage: "[options] INPUT...",
        help: [
            """
            Evaluates each input with Detour's link pipeline offline, as a runtime link
            (Documentation/spec/detour.md §4): without the network, so a short link counts as unresolved. Prints
            the link's url, route, pathname, params and type, or "empty" for the empty result.
            """,
            """
            With --json, prints one JSON object per input, one per line, with the keys of a
            Detour table expectation (empty, url, route, pathname, params, type), so the output
            can be pasted into a table.
            """,
        ],
        options: [
            .value("--mode", "MODE", help: "the processing mode: all (default), web-only or deferred-only"),
            .json("print one JSON object per input, one per line"),
        ],
        arguments: Arguments(name: "INPUT", minimum: 1, maximum: nil),
        exitStatus: "0 every input gave a link, 1 some gave the empty result, 2 bad usage.",
        run: { invocation, console throws(CommandError) in
            let mode = try detourMode(invocation)
            var status = ExitStatus.success
            for input in invocation.arguments {
                let record = DetourLinkPipeline.evaluate(input, mode: mode).tableRecord
                if record["empty"] == true { status = .checkFailed }
                if invocation.json {
                    console.print(JSONValue.object(record).jsonString)
                    continue
                }
                console.print(CommandError.oneLine(input))
                guard record["empty"] == false else {
                    console.print("  empty")
                    continue
                }
                for key in ["url", "route", "pathname"] {
                    console.print("  \(key): \(CommandError.oneLine(record[key]?.stringValue ?? ""))")
                }
                console.print("  params: \((record["params"] ?? .object([:])).jsonString)")
                console.print("  type: \(record["type"]?.stringValue ?? "")")
            }
            return status
        }
    )

    /// The `--mode` of an invocation; `all` when absent.
    private static func detourMode(_ invocation: Invocation) throws(CommandError) -> LinkProcessingMode {
        guard let text = invocation.value("--mode") else { return .all }
        guard let mode = LinkProcessingMode(rawValue: text) else {
            let known = LinkProcessingMode.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandError(
                "unknown mode \(text.quoted) (known: \(known)); see \"waypoint detour --help\"")
        }
        return mode
    }
}
