/// An option a command accepts: a flag such as `--json`, or an option with a value such as
/// `--routes FILE`.
struct Option: Sendable, Hashable {
    /// The option as typed, with its dashes: `--routes`.
    let name: String
    /// The placeholder of its value in help (`FILE`); nil for a flag, which takes none.
    let valueName: String?
    /// Whether it may be given more than once (every value is kept, in order).
    let isRepeatable: Bool
    /// One line of help.
    let help: String

    /// A flag: present or absent.
    static func flag(_ name: String, help: String) -> Option {
        Option(name: name, valueName: nil, isRepeatable: false, help: help)
    }

    /// An option with a value.
    static func value(_ name: String, _ valueName: String, repeatable: Bool = false, help: String) -> Option {
        Option(name: name, valueName: valueName, isRepeatable: repeatable, help: help)
    }

    /// `--json`, which every command has; `help` says what it prints.
    static func json(_ help: String) -> Option {
        .flag("--json", help: help)
    }

    /// `--help`, which every command has (the parser adds it).
    static let help = Option.flag("--help", help: "show this help and exit")

    /// How the option is written in help: `--routes FILE`.
    var synopsis: String {
        valueName.map { "\(name) \($0)" } ?? name
    }
}
