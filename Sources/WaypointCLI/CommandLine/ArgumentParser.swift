import WaypointTables

/// Parses a subcommand's arguments against its ``Command`` entry.
///
/// - Options and positional arguments may be mixed; `--` ends the options, so every
///   argument after it is positional.
/// - An option's value follows it (`--routes FILE`) or is attached with `=`
///   (`--routes=FILE`). A flag takes no value.
/// - `--help` anywhere before `--` asks for the command's help, whatever else is wrong.
/// - Anything else that starts with `-` (except `-` alone) is an unknown option.
struct ArgumentParser {
    /// What the command line asks for.
    enum Request: Sendable, Hashable {
        /// Run the command.
        case run(Invocation)
        /// Print the command's help.
        case help
    }

    let command: Command

    func parse(_ arguments: [String]) throws(CommandError) -> Request {
        let optionArguments = arguments.prefix { $0 != "--" }
        if optionArguments.contains(where: { $0 == "--help" || $0 == "-h" || $0.hasPrefix("--help=") }) {
            return .help
        }
        let options = Dictionary(command.acceptedOptions.map { ($0.name, $0) }) { first, _ in first }
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var positional: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (name, attached) = Self.split(argument)
            guard let option = options[name] else {
                throw usage("unknown option \(name.quoted)\(Suggestion.phrase(for: name, in: options.keys))")
            }
            if !option.isRepeatable && (values[name] != nil || flags.contains(name)) {
                throw usage("option \(name.quoted) given more than once")
            }
            guard let valueName = option.valueName else {
                if attached != nil { throw usage("option \(name.quoted) takes no value") }
                flags.insert(name)
                continue
            }
            if let attached {
                values[name, default: []].append(attached)
            } else if index < arguments.count, arguments[index] != "--" {
                values[name, default: []].append(arguments[index])
                index += 1
            } else {
                throw usage("option \(name.quoted) needs a value (\(valueName))")
            }
        }
        let spec = command.arguments
        if positional.count < spec.minimum {
            throw usage("missing \(spec.name)" + (spec.minimum > 1 ? " (at least \(spec.minimum))" : ""))
        }
        if let maximum = spec.maximum, positional.count > maximum {
            throw usage("unexpected argument \(positional[maximum].quoted)")
        }
        return .run(Invocation(command: command.name, values: values, flags: flags, arguments: positional))
    }

    /// A usage error that points at the command's help.
    private func usage(_ problem: String) -> CommandError {
        CommandError("\(problem); see \"waypoint \(command.name) --help\"")
    }

    /// `--name=value` split into the name and the attached value.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            return (argument, nil)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
