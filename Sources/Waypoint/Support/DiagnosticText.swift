/// Text made safe for one-line diagnostics: error messages, explanations and the command
/// line's output, which quote user input such as routes and URLs.
package enum DiagnosticText {
    /// `text` with line breaks, tabs and other control characters written as escapes
    /// (`\n`, `\r`, `\t`, `\u{1b}`), so it stays on one line. With `escapingQuotes`, `"` and
    /// `\` are escaped too, for text shown between double quotes.
    package static func oneLine(_ text: String, escapingQuotes: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where escapingQuotes: result += "\\\""
            case "\\" where escapingQuotes: result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` in double quotes, unambiguous on one line: `"/x/:id \n"` becomes
    /// `"/x/:id \n"` with the line feed written as `\n`.
    package static func quoted(_ text: String) -> String {
        "\"" + oneLine(text, escapingQuotes: true) + "\""
    }

    /// `text` in double quotes as written, only its control characters escaped: what the
    /// command line's human-readable output shows, so that `/products/:id(\d+)` reads as
    /// the route the user wrote.
    package static func quotedAsWritten(_ text: String) -> String {
        "\"" + oneLine(text) + "\""
    }
}
