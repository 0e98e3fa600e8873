import Waypoint

/// The comparison rule of pattern tables (Documentation/spec/tables.md): only the keys present in an
/// expectation are compared; objects compare as whole objects, arrays element by element,
/// and `null` means "absent".
package enum TableExpectation {
    /// A key whose actual value differs from the expected one.
    package struct Mismatch: Sendable, Hashable {
        /// The expectation key.
        package let key: String
        /// The expected value.
        package let expected: JSONValue
        /// The actual value; `.null` when absent.
        package let actual: JSONValue
    }

    /// The keys of `expected` whose values differ in `actual`, in key order.
    package static func mismatches(expected: [String: JSONValue], actual: [String: JSONValue]) -> [Mismatch] {
        expected.keys.sorted().compactMap { key in
            let want = expected[key] ?? .null
            let got = actual[key] ?? .null
            return want == got ? nil : Mismatch(key: key, expected: want, actual: got)
        }
    }
}
