import Foundation
import WaypointAssociation

/// The `<intent-filter>` element `waypoint android generate` writes: attribute values escaped
/// for Android's resource compiler (`\` doubled, a leading `@` or `?` and quotes escaped) and
/// then for XML, so that Android reads back exactly the pattern text
/// (``AndroidManifest``'s reading does the reverse).
enum AndroidManifestText {
    /// One path attribute to write, with the comment above it.
    struct Entry {
        let kind: AndroidPathPattern.Kind
        let text: String
        let comment: String?
    }

    /// The element, indented by four spaces per level, ending with a line break.
    static func intentFilter(host: String, entries: [Entry], header: String) -> String {
        var lines = ["<!-- \(comment(header)) -->"]
        guard !entries.isEmpty else {
            lines.append("<!-- \(comment("no route receives https://\(host) links: no intent filter")) -->")
            return lines.joined(separator: "\n") + "\n"
        }
        lines += [
            "<intent-filter android:autoVerify=\"true\">",
            "    <action android:name=\"\(AndroidIntentFilter.viewAction)\" />",
            "    <category android:name=\"\(AndroidIntentFilter.defaultCategory)\" />",
            "    <category android:name=\"\(AndroidIntentFilter.browsableCategory)\" />",
            "    <data android:scheme=\"https\" />",
            "    <data android:host=\"\(attribute(host))\" />",
        ]
        for entry in entries {
            if let text = entry.comment { lines.append("    <!-- \(comment(text)) -->") }
            lines.append("    <data android:\(entry.kind.attribute)=\"\(attribute(entry.text))\" />")
        }
        lines.append("</intent-filter>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `value` escaped for the resource compiler, then for an XML attribute in double quotes.
    static func attribute(_ value: String) -> String {
        var compiled = ""
        for (offset, scalar) in value.unicodeScalars.enumerated() {
            switch scalar {
            case "\\": compiled += "\\\\"
            case "\"": compiled += "\\\""
            case "'": compiled += "\\'"
            case "\n": compiled += "\\n"
            case "\t": compiled += "\\t"
            case "@" where offset == 0, "?" where offset == 0: compiled += "\\" + String(scalar)
            default: compiled.unicodeScalars.append(scalar)
            }
        }
        var xml = ""
        for scalar in compiled.unicodeScalars {
            switch scalar {
            case "&": xml += "&amp;"
            case "<": xml += "&lt;"
            case ">": xml += "&gt;"
            case "\"": xml += "&quot;"
            case _ where scalar.value < 0x20: xml += "&#\(scalar.value);"
            default: xml.unicodeScalars.append(scalar)
            }
        }
        return xml
    }

    /// `text` as the inside of an XML comment: no `--`, no trailing `-`, no control
    /// characters.
    static func comment(_ text: String) -> String {
        var result = CommandError.oneLine(text)
        while result.contains("--") { result = result.replacingOccurrences(of: "--", with: "- -") }
        return result.hasSuffix("-") ? result + " " : result
    }
}
