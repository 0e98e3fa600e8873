import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every way to misuse `waypoint` ends with exit status 2 and one line on standard error
/// that names the problem (and the file, line and column when there is one).
@Suite("Errors")
struct ErrorTests {
    /// A file a case needs in its working directory.
    enum File: Sendable {
        case text(String)
        case bytes([UInt8])
        case directory
        case fifo
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let files: [String: File]
        let error: String
        let output: String

        init(
            _ name: String, _ arguments: [String], files: [String: File] = [:], error: String,
            output: String = ""
        ) {
            self.name = name
            self.arguments = arguments
            self.files = files
            self.error = error
            self.output = output
        }

        var testDescription: String { name }
    }

    static let routes: [String: File] = ["routes.txt": .text("/a\n")]
    static let badRoutes: [String: File] = ["bad.txt": .text("# comment\n/ok\n\n/x/:id([0-9]+\n")]
    /// What `test` prints on standard output when no table could run.
    static let nothingRan = "0 passed, 0 failed\n"

    static let cases: [Case] = [
        // The command line itself.
        Case("no command", [], error: "waypoint: missing command; see \"waypoint --help\""),
        Case(
            "unknown command", ["frobnicate"],
            error: "waypoint: unknown command \"frobnicate\"; see \"waypoint --help\""),
        Case(
            "unknown global option", ["--frob"],
            error: "waypoint: unknown option \"--frob\"; see \"waypoint --help\""),
        Case(
            "unknown option of match", ["match", "--frob", "--route", "/a", "x://h/a"],
            error: "waypoint match: unknown option \"--frob\"; see \"waypoint match --help\""),
        Case(
            "unknown option of test", ["test", "--frob", "t.json"],
            error: "waypoint test: unknown option \"--frob\"; see \"waypoint test --help\""),
        Case(
            "unknown option of explain", ["explain", "-v", "--route", "/a", "x://h/a"],
            error: "waypoint explain: unknown option \"-v\"; see \"waypoint explain --help\""),
        Case(
            "unknown option of lint", ["lint", "--strict", "routes.txt"], files: routes,
            error: "waypoint lint: unknown option \"--strict\"; see \"waypoint lint --help\""),
        Case(
            "missing value", ["match", "--routes"],
            error: "waypoint match: option \"--routes\" needs a value (FILE); see \"waypoint match --help\""),
        Case(
            "missing value before --", ["match", "--route", "--", "x://h"],
            error: "waypoint match: option \"--route\" needs a value (PATTERN); see \"waypoint match --help\""
        ),
        Case(
            "missing URL", ["match", "--route", "/a"],
            error: "waypoint match: missing URL; see \"waypoint match --help\""),
        Case(
            "missing table", ["test"],
            error: "waypoint test: missing TABLE.json; see \"waypoint test --help\""),
        Case(
            "missing routes file", ["lint"],
            error: "waypoint lint: missing FILE; see \"waypoint lint --help\""),
        Case(
            "missing URL to explain", ["explain", "--route", "/a"],
            error: "waypoint explain: missing URL; see \"waypoint explain --help\""),
        Case(
            "explain takes one URL", ["explain", "--route", "/a", "x://a", "x://b"],
            error: "waypoint explain: unexpected argument \"x://b\"; see \"waypoint explain --help\""),
        Case(
            "lint reads every file and reports the one it cannot", ["lint", "routes.txt", "extra"],
            files: routes,
            error: "waypoint lint: cannot read \"extra\": no such file",
            output: "routes.txt: 1 route, 0 findings\n"),
        Case(
            "a mistyped option", ["match", "--rout", "/a", "x://h/a"],
            error:
                "waypoint match: unknown option \"--rout\" (did you mean \"--route\"?); see \"waypoint match --help\""
        ),
        Case(
            "a mistyped command", ["mtch", "--route", "/a", "x://h/a"],
            error: "waypoint: unknown command \"mtch\" (did you mean \"match\"?); see \"waypoint --help\""),
        Case(
            "a mistyped global option", ["--verison"],
            error:
                "waypoint: unknown option \"--verison\" (did you mean \"--version\"?); see \"waypoint --help\""
        ),
        Case(
            "a FIFO is refused, not waited on", ["lint", "pipe"], files: ["pipe": .fifo],
            error: "waypoint lint: cannot read \"pipe\": not a regular file (a device, FIFO or socket)"),
        Case(
            "a device is refused, not read forever", ["lint", "/dev/zero"],
            error: "waypoint lint: cannot read \"/dev/zero\": not a regular file (a device, FIFO or socket)"),
        Case(
            "a device as a table", ["test", "/dev/zero"],
            error: "waypoint test: cannot read \"/dev/zero\": not a regular file (a device, FIFO or socket)",
            output: nothingRan),
        Case(
            "\\Q without \\E names the problem", ["match", "--route", "/a/\\Qx", "x://h/a/x"],
            error:
                "waypoint match: invalid regex in route \"/a/\\Qx\" at column 4: \\Q is never ended by \\E (write \\E where the quoted text ends)"
        ),
        // Tables that would pass whatever happened.
        Case(
            "a misspelt table key", ["test", "t.json"],
            files: [
                "t.json": .text(
                    #"{"descripton":"x","routes":["/a"],"cases":[{"input":"x://h/a","expect":{"matched":true}}]}"#
                )
            ],
            error: "t.json: table 1: unknown key \"descripton\" (did you mean \"description\"?)",
            output: nothingRan),
        Case(
            "case for cases", ["test", "t.json"],
            files: [
                "t.json": .text(#"{"routes":["/a"],"case":[{"input":"x://h/a","expect":{"matched":true}}]}"#)
            ],
            error: "t.json: table 1: unknown key \"case\" (did you mean \"cases\"?)", output: nothingRan),
        Case(
            "rotes for routes", ["test", "t.json"],
            files: [
                "t.json": .text(#"{"rotes":["/a"],"cases":[{"input":"x://h/a","expect":{"matched":true}}]}"#)
            ],
            error: "t.json: table 1: unknown key \"rotes\" (did you mean \"routes\"?)", output: nothingRan),
        Case(
            "a misspelt case key", ["test", "t.json"],
            files: [
                "t.json": .text(#"{"routes":["/a"],"cases":[{"input":"x://h/a","expct":{"matched":true}}]}"#)
            ],
            error: "t.json: table 1: case 1: unknown key \"expct\" (did you mean \"expect\"?)",
            output: nothingRan),
        Case(
            "a misspelt expectation key", ["test", "t.json"],
            files: [
                "t.json": .text(#"{"routes":["/a"],"cases":[{"input":"x://h/a","expect":{"matchd":true}}]}"#)
            ],
            error:
                "t.json: table 1: case 1: unknown expectation key \"matchd\" (did you mean \"matched\"?) (known: callbackURL, error, matched, queryItems, queryParameters, route, routeParameters)",
            output: nothingRan),
        Case(
            "an empty expectation", ["test", "t.json"],
            files: ["t.json": .text(#"{"routes":["/a"],"cases":[{"input":"x://h/a","expect":{}}]}"#)],
            error: "t.json: table 1: case 1: \"expect\" is empty, so the case checks nothing",
            output: nothingRan),
        Case(
            "a table without cases", ["test", "t.json"],
            files: ["t.json": .text(#"{"routes":["/a"],"cases":[]}"#)],
            error: "t.json: table 1: \"cases\" is empty, so the table checks nothing", output: nothingRan),
        Case(
            "a file without tables", ["test", "t.json"], files: ["t.json": .text("[]")],
            error: "t.json: the file holds no tables", output: nothingRan),
        Case(
            "a misspelt key in a Detour table", ["test", "d.json"],
            files: [
                "d.json": .text(
                    #"{"adapter":"detour","cases":[{"input":"/a","mdoe":"all","expect":{"empty":false}}]}"#)
            ],
            error: "d.json: table 1: case 1: unknown key \"mdoe\" (did you mean \"mode\"?)",
            output: nothingRan),
        Case(
            "a flag with a value", ["lint", "--json=yes", "routes.txt"], files: routes,
            error: "waypoint lint: option \"--json\" takes no value; see \"waypoint lint --help\""),
        Case(
            "an option given twice", ["match", "--routes", "routes.txt", "--routes=routes.txt", "x://h/a"],
            files: routes,
            error: "waypoint match: option \"--routes\" given more than once; see \"waypoint match --help\""),
        Case(
            "both route sources", ["match", "--routes", "routes.txt", "--route", "/a", "x://h"],
            files: routes,
            error:
                "waypoint match: give either --routes FILE or --route PATTERN, not both; see \"waypoint match --help\""
        ),
        Case(
            "no route source", ["explain", "x://h"],
            error:
                "waypoint explain: missing routes: give --routes FILE or --route PATTERN; see \"waypoint explain --help\""
        ),
        Case(
            "help for an unknown command", ["help", "frob"],
            error: "waypoint help: unknown command \"frob\"; see \"waypoint --help\""),
        // Files that cannot be read.
        Case(
            "no such routes file", ["lint", "nope.txt"],
            error: "waypoint lint: cannot read \"nope.txt\": no such file"),
        Case(
            "a directory as routes file", ["match", "--routes", "dir", "x://h"], files: ["dir": .directory],
            error: "waypoint match: cannot read \"dir\": is a directory"),
        Case(
            "a directory as table", ["test", "dir"], files: ["dir": .directory],
            error: "waypoint test: cannot read \"dir\": is a directory", output: nothingRan),
        Case(
            "a path through a file", ["lint", "routes.txt/x"], files: routes,
            error: "waypoint lint: cannot read \"routes.txt/x\": a part of the path is not a directory"),
        Case(
            "a routes file that is not UTF-8", ["lint", "binary.txt"],
            files: ["binary.txt": .bytes([0xFF, 0xFE, 0x2F, 0x61, 0x0A])],
            error: "waypoint lint: cannot read \"binary.txt\": not UTF-8 text"),
        Case(
            "a routes file with a UTF-8-encoded surrogate", ["lint", "surrogate.txt"],
            files: ["surrogate.txt": .bytes([0x2F, 0xED, 0xA0, 0x80, 0x0A])],
            error: "waypoint lint: cannot read \"surrogate.txt\": not UTF-8 text"),
        // A NUL byte: no route holds one; a routes file saved as UTF-16 (without a byte
        // order mark) is valid UTF-8 with a NUL beside every ASCII character.
        Case(
            "a routes file with a NUL byte", ["lint", "nul.txt"],
            files: ["nul.txt": .text("# ok\n/ok\n/a\u{0}b\n")],
            error:
                "nul.txt:3:3: a NUL byte, which no route can hold (a file saved as UTF-16 has one beside every ASCII character)"
        ),
        Case(
            "a routes file saved as UTF-16", ["match", "--routes", "utf16.txt", "x://h/a"],
            files: ["utf16.txt": .bytes([0x2F, 0x00, 0x61, 0x00, 0x0A, 0x00])],
            error:
                "utf16.txt:1:2: a NUL byte, which no route can hold (a file saved as UTF-16 has one beside every ASCII character)"
        ),
        Case(
            "a route with a NUL byte for an AASA file",
            [
                "aasa", "generate", "--app-id", "ABCDE12345.com.example.shop", "--host", "shop.example.com",
                "nul.txt",
            ],
            files: ["nul.txt": .text("/products/:id\n/a\u{0}\n")],
            error:
                "nul.txt:2:3: a NUL byte, which no route can hold (a file saved as UTF-16 has one beside every ASCII character)"
        ),
        Case(
            "a route with a NUL byte for an Android manifest",
            ["android", "generate", "--host", "shop.example.com", "nul.txt"],
            files: ["nul.txt": .text("/products/:id\n\u{0}\n")],
            error:
                "nul.txt:2:1: a NUL byte, which no route can hold (a file saved as UTF-16 has one beside every ASCII character)"
        ),
        // Routes that do not compile.
        Case(
            "a route in a file", ["match", "--routes", "bad.txt", "x://h"], files: badRoutes,
            error:
                "bad.txt:4:7: unbalanced bracket in route \"/x/:id([0-9]+\" at column 7: \"(\" is never closed"
        ),
        Case(
            "a route in a file, explained", ["explain", "--routes", "bad.txt", "x://h"], files: badRoutes,
            error:
                "bad.txt:4:7: unbalanced bracket in route \"/x/:id([0-9]+\" at column 7: \"(\" is never closed"
        ),
        Case(
            "a route on the command line", ["match", "--route", "/ok", "--route", "/x/a**", "x://h"],
            error:
                "waypoint match: invalid regex in route \"/x/a**\" at column 6: quantifier does not follow a repeatable item"
        ),
        // Tables that cannot run.
        Case(
            "bad JSON", ["test", "bad.json"], files: ["bad.json": .text("{\n  \"cases\": [,]\n}\n")],
            error: "bad.json: invalid JSON at line 2, column 13: unexpected \",\", expected a value",
            output: nothingRan),
        Case(
            "not a table", ["test", "scalar.json"], files: ["scalar.json": .text("42")],
            error: "scalar.json: expected a table object or an array of tables", output: nothingRan),
        Case(
            "an array of non-tables", ["test", "array.json"],
            files: ["array.json": .text("[{\"routes\":[],\"cases\":[]}, 1]")],
            error: "array.json: table 2 is not a JSON object", output: nothingRan),
        Case(
            "an adapter this build does not run", ["test", "other.json"],
            files: ["other.json": .text(#"{"description":"Other","adapter":"branch","cases":[]}"#)],
            error:
                "other.json: table 1 \"Other\": adapter \"branch\" is not supported by this waypoint (it runs: router, detour, paylisher)",
            output: nothingRan),
        Case(
            "options for a Detour table", ["test", "detour.json"],
            files: ["detour.json": .text(#"{"adapter":"detour","options":{"mode":"all"},"cases":[]}"#)],
            error: "detour.json: table 1: unknown option \"mode\": detour tables take no options",
            output: nothingRan),
        Case(
            "an unknown Detour mode", ["test", "detour.json"],
            files: [
                "detour.json": .text(
                    #"{"adapter":"detour","cases":[{"input":"x","mode":"fast","expect":{"empty":true}}]}"#)
            ],
            error: "detour.json: table 1: case 1: \"mode\" must be one of all, web-only, deferred-only",
            output: nothingRan),
        Case(
            "an unknown Detour type override", ["test", "detour.json"],
            files: [
                "detour.json": .text(
                    #"{"adapter":"detour","cases":[{"input":"x","typeOverride":"web","expect":{"empty":true}}]}"#
                )
            ],
            error: "detour.json: table 1: case 1: \"typeOverride\" must be \"deferred\"", output: nothingRan),
        Case(
            "a bad Paylisher option", ["test", "paylisher.json"],
            files: [
                "paylisher.json": .text(#"{"adapter":"paylisher","options":{"apiBase":"nope"},"cases":[]}"#)
            ],
            error:
                "paylisher.json: table 1: invalid Paylisher option \"apiBase\": expected an absolute URL string",
            output: nothingRan),
        Case(
            "a router key in a Paylisher table", ["test", "paylisher.json"],
            files: [
                "paylisher.json": .text(
                    #"{"adapter":"paylisher","cases":[{"input":"x","expect":{"route":"/"}}]}"#)
            ],
            error:
                "paylisher.json: table 1: case 1: unknown expectation key \"route\" (known: authParamRequired, campaignId, campaignKeyName, campaignSource, destination, isShortLink, jid, parameters, parseOK, pathSegments, referrer, resolveRequest, resolvedDestination, scheme, source, utmMedium)",
            output: nothingRan),
        Case(
            "an unknown Detour mode option", ["detour", "--mode", "fast", "x"],
            error:
                "waypoint detour: unknown mode \"fast\" (known: all, web-only, deferred-only); see \"waypoint detour --help\""
        ),
        Case(
            "a bad Paylisher API base", ["paylisher", "--api-base", "nope", "x"],
            error:
                "waypoint paylisher: invalid --api-base value: expected an absolute URL string; see \"waypoint paylisher --help\""
        ),
        Case(
            "an empty Paylisher short-link host", ["paylisher", "--short-link-host=", "x"],
            error:
                "waypoint paylisher: invalid --short-link-host value: expected non-empty host name strings; see \"waypoint paylisher --help\""
        ),
        Case(
            "missing Detour input", ["detour", "--json"],
            error: "waypoint detour: missing INPUT; see \"waypoint detour --help\""),
        Case(
            "an unknown expectation key", ["test", "key.json"],
            files: [
                "key.json": .text(#"{"routes":[],"cases":[{"input":"x://h","expect":{"routeParams":{}}}]}"#)
            ],
            error:
                "key.json: table 1: case 1: unknown expectation key \"routeParams\" (known: callbackURL, error, matched, queryItems, queryParameters, route, routeParameters)",
            output: nothingRan),
        // An expectation no actual value can equal used to fail as a check (exit 1), as if
        // the router were wrong rather than the table.
        Case(
            "expected parameters given as a number", ["test", "type.json"],
            files: [
                "type.json": .text(
                    #"{"routes":["/a/:id"],"cases":[{"name":"by id","input":"x://h/a/1","expect":{"matched":true,"routeParameters":1}}]}"#
                )
            ],
            error:
                "type.json: table 1: case 1 \"by id\": expectation \"routeParameters\" must be an object or null",
            output: nothingRan),
        Case(
            "expected query parameters given as an array", ["test", "type.json"],
            files: [
                "type.json": .text(
                    #"{"routes":["/a"],"cases":[{"input":"x://h/a","expect":{"matched":true}},{"input":"x://h/a?x=1","expect":{"queryParameters":[["x","1"]]}}]}"#
                )
            ],
            error: "type.json: table 1: case 2: expectation \"queryParameters\" must be an object or null",
            output: nothingRan),
        Case(
            "a Detour expectation of the wrong type", ["test", "detour.json"],
            files: [
                "detour.json": .text(
                    #"{"adapter":"detour","cases":[{"input":"x","expect":{"empty":"yes"}}]}"#)
            ],
            error: "detour.json: table 1: case 1: expectation \"empty\" must be a Boolean or null",
            output: nothingRan),
        Case(
            "a Paylisher expectation of the wrong type", ["test", "paylisher.json"],
            files: [
                "paylisher.json": .text(
                    #"{"adapter":"paylisher","cases":[{"input":"x","expect":{"pathSegments":"a/b"}}]}"#)
            ],
            error: "paylisher.json: table 1: case 1: expectation \"pathSegments\" must be an array or null",
            output: nothingRan),
        Case(
            "a case without input", ["test", "input.json"],
            files: ["input.json": .text(#"{"routes":[],"cases":[{"expect":{}}]}"#)],
            error: "input.json: table 1: case 1: \"input\" must be a string", output: nothingRan),
        Case(
            "a case without expectation", ["test", "expect.json"],
            files: ["expect.json": .text(#"{"routes":[],"cases":[{"input":"x://h","expect":[]}]}"#)],
            error: "expect.json: table 1: case 1: \"expect\" must be an object", output: nothingRan),
        Case(
            "an unknown option", ["test", "option.json"],
            files: ["option.json": .text(#"{"routes":[],"options":{"ignoreCase":true},"cases":[]}"#)],
            error: "option.json: table 1: unknown option \"ignoreCase\""
                + " (known: caseInsensitivePaths, matchLimit, regexBudget, strictTrailingSlash)",
            output: nothingRan),
        Case(
            "an option of the wrong type", ["test", "type.json"],
            files: ["type.json": .text(#"{"routes":[],"options":{"strictTrailingSlash":"yes"},"cases":[]}"#)],
            error: "type.json: table 1: option \"strictTrailingSlash\" must be a Boolean", output: nothingRan),
        Case(
            "a router table without routes", ["test", "routes.json"],
            files: ["routes.json": .text(#"{"description":"no routes","cases":[]}"#)],
            error: "routes.json: table 1 \"no routes\": \"routes\" must be an array", output: nothingRan),
        Case(
            "an unknown error kind", ["test", "kind.json"],
            files: ["kind.json": .text(#"{"routes":[{"route":"/x(","expectError":"badRegex"}],"cases":[]}"#)],
            error:
                "kind.json: table 1: route 1: unknown error kind \"badRegex\" (known: emptyRoute, unbalancedBracket, invalidRegex, duplicateParameter, misplacedGlob, misplacedOptional, unknownParent, parentCycle, parentParameter)",
            output: nothingRan),
    ]

    @Test("exits 2 with one line", arguments: cases)
    func error(_ example: Case) async throws {
        let directory = try ScratchDirectory()
        for (name, file) in example.files {
            switch file {
            case .text(let text): try directory.write(name, text)
            case .bytes(let bytes): try directory.write(name, bytes: bytes)
            case .directory:
                try FileManager.default.createDirectory(
                    atPath: directory.path(name), withIntermediateDirectories: true)
            case .fifo:
                #expect(mkfifo(directory.path(name), 0o600) == 0)
            }
        }
        let result = try await CLI.run(example.arguments, in: directory.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.errors == example.error + "\n")
        #expect(result.output == example.output)
    }

    @Test("an error does not hide the tables that ran")
    func otherTablesStillRun() async throws {
        let directory = try ScratchDirectory()
        try directory.write(
            "good.json", #"{"routes":["/a"],"cases":[{"input":"x://h/a","expect":{"matched":true}}]}"#)
        try directory.write("bad.json", "{")
        let result = try await CLI.run(["test", "bad.json", "good.json"], in: directory.url)
        #expect(result.status == 2)
        #expect(result.output == "1 passed, 0 failed\n")
        #expect(
            result.errors
                == "bad.json: invalid JSON at line 1, column 2: unexpected end of input, expected a string or \"}\"\n"
        )
    }
}
