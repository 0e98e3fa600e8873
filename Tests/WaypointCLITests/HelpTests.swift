import Testing
import Waypoint

/// `--help` for `waypoint` and every command.
@Suite("Help")
struct HelpTests {
    static let commands = [
        "test", "match", "explain", "lint", "build-check", "aasa check", "aasa generate", "android check",
        "android generate", "detour", "paylisher", "help",
    ]

    static let overview = """
        waypoint: checks deep-link routes and pattern tables with Waypoint's router.

        Usage: waypoint COMMAND [options] [arguments]

        Commands:
          test              Runs every case of pattern tables and reports the failures
          match             Prints the winning route for each URL, with its parameters and query
          explain           Shows, for every route in order, whether it matches a URL or where it stopped
          lint              Checks a routes file: invalid, duplicate and shadowed routes, and likely mistakes
          build-check       Checks routes files and pattern tables for a build, with compiler-style diagnostics
          aasa check        Checks an apple-app-site-association file against the routes of a host
          aasa generate     Writes the apple-app-site-association file that opens the routes of a host
          android check     Checks an AndroidManifest.xml and assetlinks.json against the routes of a host
          android generate  Writes the App Links intent filter and assetlinks.json for the routes of a host
          detour            Prints the Detour link model of each input (offline, as a runtime link)
          paylisher         Prints the Paylisher link model of each input
          help              Shows the help of waypoint or of a command

        Every command accepts --json (machine-readable output) and --help.
        Exit status: 0 success, 1 a check failed, 2 bad usage or an unreadable file, 3 (aasa) some routes not checked.
        Run "waypoint COMMAND --help" for a command's options; "waypoint --version" prints the version.
        Where a command reads a file, "-" reads standard input.

        """

    @Test("waypoint --help lists the commands", arguments: [["--help"], ["-h"], ["help"]])
    func overview(_ arguments: [String]) async throws {
        let result = try await CLI.run(arguments)
        #expect(result.status == 0)
        #expect(result.output == Self.overview)
        #expect(result.errors.isEmpty)
    }

    @Test("every command has help", arguments: commands)
    func command(_ name: String) async throws {
        let words = name.split(separator: " ").map(String.init)
        let result = try await CLI.run(words + ["--help"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let lines = result.lines
        #expect(lines.first?.hasPrefix("Usage: waypoint \(name) ") == true)
        #expect(lines.contains("Options:"))
        #expect(lines.contains { $0.hasPrefix("  --json ") }, "every command documents --json")
        #expect(lines.contains { $0.hasPrefix("  --help ") })
        #expect(lines.last?.hasPrefix("Exit status: 0 ") == true)
        // The same text through -h, help COMMAND, and --help among arguments that would fail.
        for other in [words + ["-h"], ["help"] + words, words + ["--frob", "--help"]] {
            #expect(try await CLI.run(other).output == result.output, "\(other)")
        }
    }

    @Test("help of the help command")
    func helpOfHelp() async throws {
        let result = try await CLI.run(["help", "--help"])
        #expect(
            result.output == """
                Usage: waypoint help [options] [COMMAND]

                Prints the list of commands, or with COMMAND that command's help.

                With --json, prints the command table as one JSON object: commands, each with
                name, summary, usage, options (name, value, repeatable, help) and exitStatus; with
                COMMAND, that command's object.

                Options:
                  --json  print the command table as JSON
                  --help  show this help and exit

                Exit status: 0 help printed, 2 unknown command.

                """)
    }

    @Test("help --json describes the command table")
    func json() async throws {
        let result = try await CLI.run(["help", "--json"])
        #expect(result.status == 0)
        let commands = try #require(try JSONValue(parsing: result.output)["commands"]?.arrayValue)
        #expect(commands.compactMap { $0["name"]?.stringValue } == Self.commands)
        let match = try #require(commands.first { $0["name"] == "match" })
        let route = try #require(match["options"]?.arrayValue?.first { $0["name"] == "--route" })
        #expect(route["value"] == "PATTERN")
        #expect(route["repeatable"] == true)
    }
}
