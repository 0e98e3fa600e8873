import Waypoint
import WaypointTables

/// The `waypoint` executable: picks the command from the table and runs it.
enum WaypointTool {
    /// The version `waypoint --version` prints: the package's (`WaypointVersion`).
    static var version: String { WaypointVersion.current }

    /// Runs the command line `arguments` (without the program name), printing through
    /// `console`, and returns the exit status.
    static func run(_ arguments: [String], console: inout Console) -> ExitStatus {
        guard let name = arguments.first else {
            console.printError(CommandError("missing command; see \"waypoint --help\"").line(command: nil))
            return .usageError
        }
        if name == "--help" || name == "-h" {
            console.print(HelpText.overview(Command.all))
            return .success
        }
        if name == "--version" {
            console.print("waypoint \(version)")
            return .success
        }
        guard let command = Command.all.first(where: { $0.isInvoked(by: arguments) }) else {
            // `waypoint aasa` without (or with an unknown) subcommand.
            let family = Command.all.filter { $0.name.hasPrefix(name + " ") }.map(\.name)
            if !family.isEmpty {
                let given =
                    arguments.dropFirst().first.map { "unknown subcommand \($0.quoted)" }
                    ?? "missing subcommand"
                console.printError(
                    CommandError(
                        "\(given); use \(family.map { "\"waypoint \($0)\"" }.joined(separator: " or "))"
                    )
                    .line(command: name))
                return .usageError
            }
            let problem = name.hasPrefix("-") ? "unknown option" : "unknown command"
            let known = name.hasPrefix("-") ? ["--help", "--version"] : Command.all.map(\.words[0])
            let hint = Suggestion.phrase(for: name, in: known)
            console.printError(
                CommandError("\(problem) \(name.quoted)\(hint); see \"waypoint --help\"").line(command: nil))
            return .usageError
        }
        do throws(CommandError) {
            switch try ArgumentParser(command: command).parse(Array(arguments.dropFirst(command.words.count)))
            {
            case .help:
                console.print(HelpText.command(command))
                return .success
            case .run(let invocation):
                return try command.run(invocation, &console)
            }
        } catch {
            console.printError(error.line(command: command.name))
            return .usageError
        }
    }
}
