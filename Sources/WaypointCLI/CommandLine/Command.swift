/// One entry of the command table: a subcommand of `waypoint`, its options, what it takes as
/// arguments, its help, and the function that runs it.
///
/// The parser and the help are driven by these values, so adding a command (such as an
/// adapter's) is one new `Command` value and one line in ``Command/all``.
struct Command: Sendable {
    /// What a command's run function does with a parsed invocation. It prints through the
    /// console and returns the exit status, or throws a ``CommandError`` (exit status 2).
    typealias Run = @Sendable (Invocation, inout Console) throws(CommandError) -> ExitStatus

    /// The subcommand, as typed: `match`, or two words for a subcommand of a family
    /// (`aasa check`).
    let name: String
    /// One line for the command list of `waypoint --help`.
    let summary: String
    /// The usage line after `waypoint NAME`, such as `--routes FILE URL...`.
    let usage: String
    /// Paragraphs of help, each a list of lines.
    let help: [String]
    /// The options, in help order; `--help` is added by the parser.
    let options: [Option]
    /// The positional arguments.
    let arguments: Arguments
    /// What the exit statuses mean for this command.
    let exitStatus: String
    /// Runs the command.
    let run: Run

    /// The positional arguments a command takes.
    struct Arguments: Sendable, Hashable {
        /// Their placeholder in messages: `URL`, `TABLE.json`.
        let name: String
        /// The fewest accepted.
        let minimum: Int
        /// The most accepted; nil for no limit.
        let maximum: Int?
    }

    /// The words of the name: `["match"]`, or `["aasa", "check"]` for a subcommand.
    var words: [String] {
        name.split(separator: " ").map(String.init)
    }

    /// Whether `arguments` (the command line after the program name) start with the name.
    func isInvoked(by arguments: [String]) -> Bool {
        arguments.starts(with: words)
    }

    /// Every option the parser accepts for this command, `--help` included.
    var acceptedOptions: [Option] {
        options + [.help]
    }
}
