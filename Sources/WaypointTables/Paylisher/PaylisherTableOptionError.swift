/// A Paylisher table's `options` object is not usable (Documentation/spec/tables.md).
package enum PaylisherTableOptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The option `name` has a value it cannot take; `reason` says what was expected.
    case invalidValue(name: String, reason: String)
    /// The option `name` is not a Paylisher option.
    case unknownOption(name: String)

    /// A one-line message naming the option.
    package var description: String {
        switch self {
        case .invalidValue(let name, let reason): "invalid Paylisher option \"\(name)\": \(reason)"
        case .unknownOption(let name):
            "unknown Paylisher option \"\(name)\" (expected \"shortLinkHosts\" or \"apiBase\")"
        }
    }
}
