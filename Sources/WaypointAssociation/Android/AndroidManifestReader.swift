import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an `AndroidManifest.xml` with Foundation's `XMLParser` into an ``AndroidManifest``
/// (FoundationXML on Linux: a tool's dependency, never a routing app's).
///
/// External entities are never resolved, and a document type declaration is refused before
/// parsing, so no entity of any kind is expanded.
package enum AndroidManifestReader {
    package static let androidNamespace = "http://schemas.android.com/apk/res/android"

    package static func read(_ xml: String) throws(AndroidManifestError) -> AndroidManifest {
        let size = xml.utf8.count
        guard size <= AndroidManifest.maximumSize else {
            throw AndroidManifestError(.fileTooLarge(size: size, limit: AndroidManifest.maximumSize), line: 0)
        }
        if let range = xml.range(of: "<!DOCTYPE") {
            let line = xml[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            throw AndroidManifestError(.documentTypeDeclaration, line: line)
        }
        let parser = XMLParser(data: Data(xml.utf8))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let delegate = Delegate()
        parser.delegate = delegate
        let parsed = parser.parse()
        if let error = delegate.error { throw error }
        guard parsed else {
            let message = parser.parserError.map { String(describing: ($0 as NSError).localizedDescription) }
            throw AndroidManifestError(.notXML(message ?? "the parser stopped"), line: parser.lineNumber)
        }
        guard delegate.sawRoot, delegate.isClosed else {
            throw AndroidManifestError(
                .notXML(delegate.sawRoot ? "elements are not closed" : "no root element"),
                line: parser.lineNumber)
        }
        return AndroidManifest(
            package: delegate.package, minimumSDK: delegate.minimumSDK, intentFilters: delegate.filters)
    }

    /// An attribute value as Android's resource compiler reads it: escapes resolved, double
    /// quotes dropped; nil for a resource reference (`@…`, `?…`).
    static func value(_ raw: String) -> String? {
        if raw.hasPrefix("@") || raw.hasPrefix("?") { return nil }
        var result = ""
        var scalars = raw.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\"":
                continue
            case "\\":
                guard let escaped = scalars.next() else { return result }
                switch escaped {
                case "n": result += "\n"
                case "t": result += "\t"
                case "u":
                    var hex = ""
                    for _ in 0..<4 { if let next = scalars.next() { hex.unicodeScalars.append(next) } }
                    if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                        result.unicodeScalars.append(decoded)
                    }
                default: result.unicodeScalars.append(escaped)
                }
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The attributes of `<intent-filter>` that do not change which links it takes.
    static let inertFilterAttributes: Set<String> = [
        "priority", "order", "label", "icon", "roundIcon", "banner",
    ]
    /// The `<data>` attributes that name a link's parts, and the path attributes among them.
    static let pathAttributes = Dictionary(
        uniqueKeysWithValues: AndroidPathPattern.Kind.allCases.map { ($0.attribute, $0) })

    private final class Delegate: NSObject, XMLParserDelegate {
        var error: AndroidManifestError?
        var sawRoot = false
        var package: String?
        var minimumSDK: Int?
        var filters: [AndroidIntentFilter] = []
        var isClosed: Bool { stack.isEmpty }

        /// The open elements, with the namespace prefixes each declares.
        private var stack: [(name: String, prefixes: [String: String])] = []
        /// The component whose filters are being read, and whether it receives links.
        private var component: (name: String, receivesLinks: Bool)?
        private var filter: AndroidIntentFilter?
        /// The depth of the `<intent-filter>` being read.
        private var filterDepth = 0

        private func fail(_ kind: AndroidManifestError.Kind, _ parser: XMLParser) {
            if error == nil { error = AndroidManifestError(kind, line: parser.lineNumber) }
            parser.abortParsing()
        }

        private func namespace(of prefix: String) -> String? {
            for entry in stack.reversed() {
                if let uri = entry.prefixes[prefix] { return uri }
            }
            return nil
        }

        /// The attributes in Android's namespace by local name, and the others as written.
        private func split(_ attributes: [String: String]) -> (android: [String: String], other: [String]) {
            var android: [String: String] = [:]
            var other: [String] = []
            for (name, value) in attributes where name != "xmlns" && !name.hasPrefix("xmlns:") {
                let parts = name.split(separator: ":", maxSplits: 1)
                if parts.count == 2, namespace(of: String(parts[0])) == AndroidManifestReader.androidNamespace
                {
                    android[String(parts[1])] = value
                } else if parts.count == 2 {
                    continue  // tools: and other namespaces do not change matching.
                } else {
                    other.append(name)
                }
            }
            return (android, other)
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            guard error == nil else { return }
            var prefixes: [String: String] = [:]
            for (name, value) in attributes where name.hasPrefix("xmlns:") {
                prefixes[String(name.dropFirst(6))] = value
            }
            stack.append((elementName, prefixes))
            guard stack.count <= AndroidManifest.maximumDepth else {
                return fail(.tooDeep(limit: AndroidManifest.maximumDepth), parser)
            }
            let (android, other) = split(attributes)
            if stack.count == 1 {
                sawRoot = true
                guard elementName == "manifest" else { return fail(.notAManifest(root: elementName), parser) }
                package = attributes["package"]
                return
            }
            if filter != nil {
                startInFilter(elementName, android: android, other: other, parser: parser)
                return
            }
            switch elementName {
            case "uses-sdk":
                minimumSDK = android["minSdkVersion"].flatMap { Int($0) }
            case "activity", "activity-alias":
                let enabled = android["enabled"].map { $0 != "false" } ?? true
                let exported = android["exported"].map { $0 != "false" } ?? true
                component = (android["name"] ?? "", enabled && exported)
            case "intent-filter" where component != nil:
                var unsupported: [String] = []
                for (name, value) in android.sorted(by: { $0.key < $1.key }) {
                    if name == "autoVerify" || AndroidManifestReader.inertFilterAttributes.contains(name) {
                        continue
                    }
                    unsupported.append("the attribute android:\(name)=\"\(value)\" is not understood")
                }
                for name in other.sorted() {
                    unsupported.append("the attribute \(name) is not in Android's namespace")
                }
                let autoVerify = android["autoVerify"]
                if let autoVerify, autoVerify.hasPrefix("@") {
                    unsupported.append("android:autoVerify is a resource reference, which is not resolved")
                }
                filter = AndroidIntentFilter(
                    autoVerify: autoVerify == "true", actions: [], categories: [], data: [],
                    unsupported: unsupported, component: component?.name ?? "",
                    componentReceivesLinks: component?.receivesLinks ?? true, line: parser.lineNumber)
                filterDepth = stack.count
            default:
                break
            }
        }

        private func startInFilter(
            _ elementName: String, android: [String: String], other: [String], parser: XMLParser
        ) {
            guard var current = filter else { return }
            defer { filter = current }
            // Below a child of the filter: an unknown child was reported already.
            guard stack.count == filterDepth + 1 else { return }
            switch elementName {
            case "action", "category":
                guard let raw = android["name"] else { return }
                guard let name = AndroidManifestReader.value(raw) else {
                    current.unsupported.append(
                        "<\(elementName) android:name=\"\(raw)\"> is a resource reference")
                    return
                }
                if elementName == "action" {
                    current.actions.append(name)
                } else {
                    current.categories.append(name)
                }
            case "data":
                var element = AndroidIntentFilter.Data(line: parser.lineNumber)
                for (name, raw) in android.sorted(by: { $0.key < $1.key }) {
                    guard let value = AndroidManifestReader.value(raw) else {
                        current.unsupported.append(
                            "line \(parser.lineNumber): android:\(name)=\"\(raw)\" is a resource reference, which is not resolved"
                        )
                        continue
                    }
                    switch name {
                    case "scheme": element.scheme = value
                    case "host": element.host = value
                    case "port": element.port = value
                    case "mimeType", "mimeGroup":
                        current.unsupported.append(
                            "line \(parser.lineNumber): android:\(name) makes the filter match typed data, which links are not"
                        )
                    default:
                        if let kind = AndroidManifestReader.pathAttributes[name] {
                            do {
                                element.paths.append(try AndroidPathPattern(kind, value))
                            } catch {
                                return fail(.invalidPattern(error), parser)
                            }
                        } else {
                            current.unsupported.append(
                                "line \(parser.lineNumber): the attribute android:\(name) is not understood")
                        }
                    }
                }
                for name in other.sorted() {
                    current.unsupported.append(
                        "line \(parser.lineNumber): the attribute \(name) is not in Android's namespace")
                }
                current.data.append(element)
            default:
                current.unsupported.append(
                    "line \(parser.lineNumber): the element <\(elementName)> is not understood")
            }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
            qualifiedName: String?
        ) {
            guard error == nil else { return }
            guard stack.last?.name == elementName else {
                return fail(.notXML("</\(elementName)> does not close <\(stack.last?.name ?? "")>"), parser)
            }
            if let current = filter, stack.count == filterDepth {
                filters.append(current)
                filter = nil
            }
            if elementName == "activity" || elementName == "activity-alias" { component = nil }
            stack.removeLast()
        }

        func parser(
            _ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?
        ) {
            fail(.documentTypeDeclaration, parser)
        }

        func parser(
            _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?,
            systemID: String?
        ) {
            fail(.documentTypeDeclaration, parser)
        }
    }
}
