/// The help texts, written from the command table.
enum HelpText {
    /// `waypoint --help`: the commands and what they share.
    static func overview(_ commands: [Command]) -> String {
        let width = commands.map(\.name.count).max() ?? 0
        var lines = [
            "waypoint: checks deep-link routes and pattern tables with Waypoint's router.",
            "",
            "Usage: waypoint COMMAND [options] [arguments]",
            "",
            "Commands:",
        ]
        for command in commands {
            lines.append("  " + padded(command.name, to: width) + "  " + command.summary)
        }
        lines += [
            "",
            "Every command accepts --json (machine-readable output) and --help.",
            "Exit status: 0 success, 1 a check failed, 2 bad usage or an unreadable file, 3 (aasa) some routes not checked.",
            "Run \"waypoint COMMAND --help\" for a command's options; \"waypoint --version\" prints the version.",
            "Where a command reads a file, \"-\" reads standard input.",
        ]
        return lines.joined(separator: "\n")
    }

    /// `waypoint NAME --help`.
    static func command(_ command: Command) -> String {
        var lines = ["Usage: waypoint \(command.name) \(command.usage)", ""]
        for paragraph in command.help {
            lines.append(paragraph)
            lines.append("")
        }
        let options = command.acceptedOptions
        let width = options.map(\.synopsis.count).max() ?? 0
        lines.append("Options:")
        for option in options {
            lines.append("  " + padded(option.synopsis, to: width) + "  " + option.help)
        }
        lines += ["", "Exit status: \(command.exitStatus)"]
        return lines.joined(separator: "\n")
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
