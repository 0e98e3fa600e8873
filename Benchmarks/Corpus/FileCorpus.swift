import Foundation
import Waypoint
import WaypointReference

/// Corpus (c): routes, lookups and misses read from files, one entry per line (blank
/// lines are skipped). A lookup is a path (`/repos/p1/p2`), which is put after `baseURL`
/// for the URL-based contenders, or an absolute URL.
///
/// The expected winner of every lookup is the reference matcher's; a lookup that matches
/// nothing, or a miss that matches something, is an error in the files.
enum FileCorpus {
    /// Reads and checks the corpus.
    static func load(
        routes routesFile: String, lookups: String, misses: String?, baseURL: String
    ) throws
        -> Corpus
    {
        let routes = try lines(of: routesFile)
        guard !routes.isEmpty else { throw CorpusError.file("\(routesFile): no routes") }
        let reference = try ReferenceMatcher(routes: routes)
        func lookup(_ line: String) -> Lookup {
            let url = line.hasPrefix("/") ? baseURL + line : line
            return Lookup(
                url: url, path: Lookup.path(of: url), expected: reference.match(url).map(Answer.init))
        }
        let hits = try lines(of: lookups).map(lookup)
        if let unmatched = hits.first(where: { $0.expected == nil }) {
            throw CorpusError.file("\(lookups): \(unmatched.url) matches no route")
        }
        let misses = try misses.map { try lines(of: $0).map(lookup) } ?? []
        if let matched = misses.first(where: { $0.expected != nil }), let answer = matched.expected {
            throw CorpusError.file("miss \(matched.url) matches \(routes[answer.priority])")
        }
        let isPathOnly = routes.allSatisfy { $0.hasPrefix("/") }
        let name = URL(fileURLWithPath: routesFile).deletingPathExtension().lastPathComponent
        return Corpus(
            name: name, family: .external, routes: routes, hits: hits, misses: misses, isPathOnly: isPathOnly)
    }

    /// The non-empty lines of `file`.
    private static func lines(of file: String) throws -> [String] {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw CorpusError.file("cannot read \(file): \(error.localizedDescription)")
        }
        return text.split(whereSeparator: \.isNewline).map(String.init).filter {
            !$0.allSatisfy(\.isWhitespace)
        }
    }
}
