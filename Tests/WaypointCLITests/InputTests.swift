import Testing
import Waypoint

/// Where `waypoint` reads from: `-` for standard input, several routes files for `lint`,
/// `--version`, and human output that shows routes as written.
@Suite("waypoint input and output")
struct InputTests {
    static let app = "ABCDE12345.com.example.shop"
    /// An Android manifest whose one verified filter takes `https://shop.example.com/products/…`.
    static let manifest = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
        <application><activity android:name=".Main" android:exported="true">
        <intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW"/>
        <category android:name="android.intent.category.DEFAULT"/>
        <category android:name="android.intent.category.BROWSABLE"/>
        <data android:scheme="https" android:host="shop.example.com" android:pathPrefix="/products/"/>
        </intent-filter></activity></application></manifest>
        """
    static let host = "shop.example.com"
    static let byteOrderMarkCommands: [[String]] = [
        ["aasa", "check", "--aasa", "aasa.json", "--app-id", app, "--host", host, "routes.txt"],
        ["aasa", "generate", "--app-id", app, "--host", host, "routes.txt"],
        ["android", "check", "--manifest", "AndroidManifest.xml", "--host", host, "routes.txt"],
        ["android", "generate", "--host", host, "routes.txt"],
        ["match", "--routes", "routes.txt", "https://shop.example.com/products/7"],
        ["test", "table.json"],
    ]

    /// A routes or table file saved with a UTF-8 byte order mark reads as the same file
    /// without it in every command (tables.md); `aasa` and `android` kept it in the first
    /// route, which then named no host they know and received no links.
    @Test("every command skips a byte order mark", arguments: byteOrderMarkCommands)
    func byteOrderMark(_ arguments: [String]) async throws {
        var results: [CLI.Result] = []
        for mark in ["", "\u{FEFF}"] {
            let directory = try ScratchDirectory()
            try directory.write("routes.txt", mark + "/products/:id\n/about\n")
            try directory.write(
                "table.json",
                mark
                    + #"{"routes": ["/a/:id"], "cases": [{"input": "x://h/a/1", "expect": {"matched": true}}]}"#
            )
            try directory.write(
                "aasa.json",
                #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/products/?*"}]}]}}"#
            )
            try directory.write(
                "AndroidManifest.xml",
                Self.manifest)
            results.append(try await CLI.run(arguments, in: directory.url))
        }
        #expect(results[0].status != 2, "\(results[0])")
        #expect(results[1].status == results[0].status, "\(results[1])")
        #expect(results[1].output == results[0].output)
        #expect(results[1].errors == results[0].errors)
    }

    /// A file served to Apple's or Google's verifier is JSON sent over a network, which must
    /// not start with a byte order mark (RFC 8259 §8.1), and neither verifier is documented to
    /// skip one: `check` refuses it, naming the mark (it said "invalid JSON" at line 1,
    /// column 1), where routes and table files skip it.
    @Test("an association file that starts with a byte order mark is refused, naming the mark")
    func associationByteOrderMark() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", "/products/:id\n")
        try directory.write(
            "aasa.json",
            "\u{FEFF}"
                + #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/products/?*"}]}]}}"#
        )
        try directory.write(
            "assetlinks.json",
            "\u{FEFF}"
                + #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": []}}]"#
        )
        try directory.write(
            "table.json",
            #"{"routes": ["/products/:id"], "aasa": {"file": "aasa.json", "appID": "\#(Self.app)", "host": "\#(Self.host)"}, "cases": [{"input": "https://\#(Self.host)/products/1", "expect": {"universalLink": "opens"}}]}"#
        )
        try directory.write(
            "AndroidManifest.xml",
            Self.manifest)
        let mark =
            "the file starts with a UTF-8 byte order mark (EF BB BF), which JSON served over the network must not have (RFC 8259 §8.1) and"
        let aasa = try await CLI.run(
            [
                "aasa", "check", "--aasa", "aasa.json", "--app-id", Self.app, "--host", Self.host,
                "routes.txt",
            ],
            in: directory.url)
        #expect(aasa.status == 2, "\(aasa)")
        #expect(
            aasa.errors
                == "aasa.json: \(mark) Apple's CDN is not documented to skip; save the file without it\n")
        let android = try await CLI.run(
            [
                "android", "check", "--manifest", "AndroidManifest.xml", "--host", Self.host, "--assetlinks",
                "assetlinks.json", "routes.txt",
            ], in: directory.url)
        #expect(android.status == 2, "\(android)")
        #expect(
            android.errors
                == "assetlinks.json: \(mark) Google's verifier is not documented to skip; save the file without it\n"
        )
        let table = try await CLI.run(["test", "table.json"], in: directory.url)
        #expect(table.status == 2, "\(table)")
        #expect(table.errors.contains("aasa: aasa.json: \(mark) Apple's CDN"), "\(table)")
    }

    @Test("--version")
    func version() async throws {
        let result = try await CLI.run(["--version"])
        #expect(result.status == 0)
        // The package's one version (Sources/Waypoint/Support/WaypointVersion.swift), in
        // Semantic Versioning's form.
        #expect(result.output == "waypoint \(WaypointVersion.current)\n")
        #expect(WaypointVersion.current.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?/) != nil)
    }

    @Test("- reads a routes file from standard input")
    func standardInputRoutes() async throws {
        let lint = try await CLI.run(["lint", "-"], input: "/a/:x\n/a/b\n")
        #expect(lint.status == 1)
        #expect(
            lint.output
                == "<stdin>:2:1: shadowed: \"/a/b\" can never win: \"/a/:x\" on line 1 matches every URL it matches\n2 routes, 1 finding\n"
        )
        let match = try await CLI.run(["match", "--json", "--routes", "-", "x://h/a/7"], input: "/a/:x\n")
        #expect(match.status == 0)
        #expect(match.output.contains(#""routeParameters":{"x":"7"}"#))
    }

    @Test("- reads a table from standard input")
    func standardInputTable() async throws {
        let table = #"{"routes":["/a"],"cases":[{"input":"x://h/a","expect":{"matched":true}}]}"#
        let result = try await CLI.run(["test", "-"], input: table)
        #expect(result.status == 0, "\(result)")
        #expect(result.output == "1 passed, 0 failed\n")
    }

    @Test("lint takes several files and names each in its summary")
    func severalFiles() async throws {
        let directory = try ScratchDirectory()
        try directory.write("one.txt", "/a\n")
        try directory.write("two.txt", "/b/:x\n/b/c\n")
        let result = try await CLI.run(["lint", "one.txt", "two.txt"], in: directory.url)
        #expect(result.status == 1)
        #expect(
            result.lines == [
                "one.txt: 1 route, 0 findings",
                "two.txt:2:1: shadowed: \"/b/c\" can never win: \"/b/:x\" on line 1 matches every URL it matches",
                "two.txt: 2 routes, 1 finding",
            ])
        let json = try await CLI.run(["lint", "--json", "one.txt", "two.txt"], in: directory.url)
        #expect(json.lines.count == 2)
        #expect(try JSONValue(parsing: json.lines[1])["file"] == "two.txt")
    }

    @Test("human output shows routes as written; JSON keeps JSON escaping")
    func routesAsWritten() async throws {
        let directory = try ScratchDirectory()
        try directory.write("routes.txt", "/products/:slug\n/products/:id(\\d+)\n")
        let human = try await CLI.run(["lint", "routes.txt"], in: directory.url)
        #expect(
            human.lines.first
                == #"routes.txt:2:1: shadowed: "/products/:id(\d+)" can never win: "/products/:slug" on line 1 matches every URL it matches"#
        )
        let json = try await CLI.run(["lint", "--json", "routes.txt"], in: directory.url)
        #expect(json.output.contains(#""route":"/products/:id(\\d+)""#))
        let report = try JSONValue(parsing: json.output)
        #expect(report["findings"]?.arrayValue?.first?["route"] == "/products/:id(\\d+)")
    }

    @Test("paylisher says why an input does not parse")
    func paylisherReason() async throws {
        let result = try await CLI.run(["paylisher", "nonsense", "myapp://"])
        #expect(result.status == 1)
        #expect(
            result.lines == [
                "nonsense", "  parseOK: false", "  error: the URL has no valid scheme", "myapp://",
                "  parseOK: false", "  error: the link has no destination",
            ])
        let json = try await CLI.run(["paylisher", "--json", "nonsense"])
        #expect(json.output == #"{"parseOK":false}"# + "\n")
    }
}
