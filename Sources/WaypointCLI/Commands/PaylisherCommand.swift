import Foundation
import Waypoint
import WaypointPaylisher
import WaypointTables

extension Command {
    /// `waypoint paylisher`: the Paylisher link model of each input.
    static let paylisher = Command(
        name: "paylisher",
        summary: "Prints the Paylisher link model of each input",
        usage: "[options] INPUT...",
        help: [
            """
            Parses each input as a Paylisher link (Documentation/spec/paylisher.md §10) and prints its model, one
            key per line with its JSON value: parseOK, scheme, pathSegments, parameters,
            destination, campaignKeyName, jid, campaignId, source, utmMedium, referrer,
            campaignSource, isShortLink, authParamRequired, resolvedDestination and
            resolveRequest (the campaign-resolution URL, or null). An input that does not parse
            prints parseOK: false and, as "error:", why (the library's parse error).
            """,
            """
            With --json, prints one JSON object per input, one per line, with the keys of a
            Paylisher table expectation, so the output can be pasted into a table.
            """,
        ],
        options: [
            .value(
                "--short-link-host", "HOST", repeatable: true,
                help: "a host whose links are short links, besides Paylisher's (repeatable)"),
            .value("--api-base", "URL", help: "the campaign API base the resolution URL is built on"),
            .json("print one JSON object per input, one per line"),
        ],
        arguments: Arguments(name: "INPUT", minimum: 1, maximum: nil),
        exitStatus: "0 every input parsed, 1 some did not, 2 bad usage or a bad option value.",
        run: { invocation, console throws(CommandError) in
            let config = try paylisherConfig(invocation)
            var status = ExitStatus.success
            for input in invocation.arguments {
                let values = PaylisherDeepLink.tableValues(input: input, config: config)
                if values["parseOK"] != true { status = .checkFailed }
                if invocation.json {
                    console.print(JSONValue.object(values).jsonString)
                    continue
                }
                console.print(CommandError.oneLine(input))
                for key in paylisherKeyOrder where values[key] != nil {
                    console.print("  \(key): \((values[key] ?? .null).jsonString)")
                }
                if values["parseOK"] != true {
                    console.print("  error: \(CommandError.oneLine(parseError(input, config: config)))")
                }
            }
            return status
        }
    )

    /// The model's keys in the order help and output list them.
    private static let paylisherKeyOrder = [
        "parseOK", "scheme", "pathSegments", "parameters", "destination", "campaignKeyName", "jid",
        "campaignId",
        "source", "utmMedium", "referrer", "campaignSource", "isShortLink", "authParamRequired",
        "resolvedDestination", "resolveRequest",
    ]

    /// Why `input` is not a Paylisher link: it is not a URL, or the library's parse error.
    private static func parseError(_ input: String, config: PaylisherDeepLinkConfig) -> String {
        guard let url = URL(string: input) else { return "not a URL" }
        do {
            _ = try PaylisherDeepLink(url: url, config: config)
            return "the link parsed"
        } catch {
            return error.description
        }
    }

    /// The configuration `--short-link-host` and `--api-base` describe, checked as a table's
    /// `options` are.
    private static func paylisherConfig(
        _ invocation: Invocation
    ) throws(CommandError) -> PaylisherDeepLinkConfig {
        var options: [String: JSONValue] = [:]
        let hosts = invocation.allValues("--short-link-host")
        if !hosts.isEmpty { options["shortLinkHosts"] = .array(hosts.map(JSONValue.string)) }
        if let base = invocation.value("--api-base") { options["apiBase"] = .string(base) }
        do {
            return try PaylisherDeepLinkConfig(tableOptions: options)
        } catch {
            switch error {
            case .invalidValue(let name, let reason):
                let option = name == "apiBase" ? "--api-base" : "--short-link-host"
                throw CommandError("invalid \(option) value: \(reason); see \"waypoint paylisher --help\"")
            case .unknownOption:
                throw CommandError(error.description)
            }
        }
    }
}
