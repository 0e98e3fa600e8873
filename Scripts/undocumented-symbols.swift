// Lists the public symbols declared in this package's sources that have no `///` comment,
// from the symbol graphs `./dev docs` builds: `swift Scripts/undocumented-symbols.swift
// GRAPH.symbols.json...`. Prints one `file:line: name` per symbol and exits 1 when there
// is any; symbols the compiler synthesizes or inherits from other modules (`hashValue`,
// protocol defaults of the standard library) have no location in the sources and are not
// counted.
import Foundation

/// One undocumented symbol.
struct Finding: Comparable {
    var file: String
    var line: Int
    var name: String

    static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.file, lhs.line, lhs.name) < (rhs.file, rhs.line, rhs.name)
    }
}

/// The undocumented symbols of one symbol graph declared under `sources`.
func findings(inGraph path: String, sources: String) throws -> [Finding] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let symbols = graph["symbols"] as? [[String: Any]]
    else {
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
    }
    var found: [Finding] = []
    // An extension block (`extension Router {` of another module's type, in the graphs
    // built with extension block symbols) is not API: its members are, and are counted.
    for symbol in symbols where symbol["docComment"] == nil {
        if let kind = symbol["kind"] as? [String: Any], kind["identifier"] as? String == "swift.extension" {
            continue
        }
        guard let location = symbol["location"] as? [String: Any],
            let uri = location["uri"] as? String,
            let file = URL(string: uri)?.path,
            file.hasPrefix(sources)
        else { continue }
        let position = location["position"] as? [String: Any]
        let line = (position?["line"] as? Int).map { $0 + 1 } ?? 0
        let name = (symbol["pathComponents"] as? [String])?.joined(separator: ".") ?? "?"
        found.append(Finding(file: String(file.dropFirst(sources.count)), line: line, name: name))
    }
    return found
}

let sources = FileManager.default.currentDirectoryPath + "/Sources/"
var all: [Finding] = []
do {
    for path in CommandLine.arguments.dropFirst() {
        all += try findings(inGraph: path, sources: sources)
    }
} catch {
    FileHandle.standardError.write(Data("undocumented-symbols: \(error)\n".utf8))
    exit(2)
}
for finding in all.sorted() {
    print("Sources/\(finding.file):\(finding.line): \(finding.name) has no /// documentation")
}
exit(all.isEmpty ? 0 : 1)
