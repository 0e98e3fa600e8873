import Waypoint

/// The JSON type a table member must have.
package enum JSONType: Sendable, Hashable {
    case bool
    case string
    case number
    case array
    case object

    /// Whether `value` has this type.
    package func matches(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.bool, .bool), (.string, .string), (.number, .number), (.array, .array), (.object, .object):
            true
        default: false
        }
    }

    /// `a Boolean`, `a string`, …, for messages.
    package var phrase: String {
        switch self {
        case .bool: "a Boolean"
        case .string: "a string"
        case .number: "a number"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
