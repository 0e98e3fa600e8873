extension Command {
    /// `waypoint help [COMMAND]`: the same text as `waypoint --help` or
    /// `waypoint COMMAND --help`.
    static let helpCommand = Command(
        name: "help",
        summary: "Shows the help of waypoint or of a command",
        usage: "[COMMAND]",
        help: ["Prints the list of commands, or with COMMAND that command's help."],
        options: [],
        arguments: Arguments(name: "COMMAND", minimum: 0, maximum: 1),
        exitStatus: "0 help printed, 2 unknown command.",
        run: { invocation, console throws(CommandError) in
            guard let name = invocation.arguments.first else {
                console.print(HelpText.overview(Command.all))
                return .success
            }
            guard let command = Command.all.first(where: { $0.name == name }) else {
                throw CommandError("unknown command \(name.quoted); see \"waypoint --help\"")
            }
            console.print(HelpText.command(command))
            return .success
        }
    )
}
