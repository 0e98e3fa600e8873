/// A command line parsed against a ``Command``: the options given and the positional
/// arguments, in order.
struct Invocation: Sendable, Hashable {
    /// The command's name.
    let command: String
    /// The values of every option that takes one, in the order given.
    let values: [String: [String]]
    /// The flags given.
    let flags: Set<String>
    /// The positional arguments, in order.
    let arguments: [String]

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value of the option `name`, when given (the last one if repeated).
    func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of the option `name`, in order.
    func allValues(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// Whether `--json` was given.
    var json: Bool {
        flag("--json")
    }
}
