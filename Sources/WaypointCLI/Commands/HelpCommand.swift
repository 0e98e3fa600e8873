import Waypoint
import WaypointTables

extension Command {
    /// `waypoint help [COMMAND]`: the same text as `waypoint --help` or
    /// `waypoint COMMAND --help`.
    static let helpCommand = Command(
        name: "help",
        summary: "Shows the help of waypoint or of a command",
        usage: "[options] [COMMAND]",
        help: [
            "Prints the list of commands, or with COMMAND that command's help.",
            """
            With --json, prints the command table as one JSON object: commands, each with
            name, summary, usage, options (name, value, repeatable, help) and exitStatus; with
            COMMAND, that command's object.
            """,
        ],
        options: [.json("print the command table as JSON")],
        arguments: Arguments(name: "COMMAND", minimum: 0, maximum: 2),
        exitStatus: "0 help printed, 2 unknown command.",
        run: { invocation, console throws(CommandError) in
            guard !invocation.arguments.isEmpty else {
                console.print(
                    invocation.json
                        ? JSONValue.object(["commands": .array(Command.all.map(\.json))]).jsonString
                        : HelpText.overview(Command.all))
                return .success
            }
            let name = invocation.arguments.joined(separator: " ")
            guard let command = Command.all.first(where: { $0.name == name }) else {
                throw CommandError("unknown command \(name.quoted); see \"waypoint --help\"")
            }
            console.print(invocation.json ? command.json.jsonString : HelpText.command(command))
            return .success
        }
    )
}
