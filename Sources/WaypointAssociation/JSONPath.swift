import Waypoint

/// A place in a JSON document, written the way errors name it: `applinks.details[1]`,
/// `applinks.details[1].components[3]["?"]`.
///
/// A key that is a plain identifier (`[A-Za-z_][A-Za-z0-9_]*`) is written after a dot; any
/// other key in brackets and double quotes, escaped as JSON escapes it; an array index in
/// brackets.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into an object or an array.
    package enum Step: Sendable, Hashable {
        /// The member named by the key.
        case key(String)
        /// The element at the 0-based index.
        case index(Int)
    }

    /// The steps from the document's root.
    package private(set) var steps: [Step]

    /// The root of the document.
    package static let root = JSONPath(steps: [])

    package init(steps: [Step]) {
        self.steps = steps
    }

    /// The path of the member `key` of the object here.
    package func appending(_ key: String) -> JSONPath {
        JSONPath(steps: steps + [.key(key)])
    }

    /// The path of the element at `index` of the array here.
    package func appending(index: Int) -> JSONPath {
        JSONPath(steps: steps + [.index(index)])
    }

    /// The path as text; the root is `(root)`.
    package var description: String {
        guard !steps.isEmpty else { return "(root)" }
        var text = ""
        for step in steps {
            switch step {
            case .key(let key) where Self.isIdentifier(key):
                text += text.isEmpty ? key : "." + key
            case .key(let key):
                text += "[" + JSONValue.string(key).jsonString + "]"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.isASCIILetter else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0.isASCIILetter || ("0"..."9").contains($0) }
    }
}

extension Unicode.Scalar {
    /// Whether this is `A`–`Z` or `a`–`z`.
    fileprivate var isASCIILetter: Bool {
        ("A"..."Z").contains(self) || ("a"..."z").contains(self)
    }
}
