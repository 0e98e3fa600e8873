import Waypoint

extension Command {
    /// The command as JSON, for `waypoint help --json`.
    var json: JSONValue {
        let options = acceptedOptions.map { option -> JSONValue in
            .object([
                "name": .string(option.name),
                "value": option.valueName.map(JSONValue.string) ?? .null,
                "repeatable": .bool(option.isRepeatable),
                "help": .string(option.help),
            ])
        }
        return .object([
            "name": .string(name), "summary": .string(summary), "usage": .string(usage),
            "options": .array(options), "exitStatus": .string(exitStatus),
        ])
    }
}
