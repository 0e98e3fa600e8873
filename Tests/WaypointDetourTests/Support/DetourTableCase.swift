import Foundation

/// One case of `Tests/Fixtures/detour.json` (Documentation/spec/tables.md): an input, optional `mode` and
/// `typeOverride`, and the keys it expects.
struct DetourTableCase: Sendable, CustomStringConvertible {
    let table: String
    let name: String
    let input: String
    let mode: String?
    let typeOverride: String?
    let empty: Bool?
    let url: String?
    let route: String?
    let pathname: String?
    let params: [String: String]?
    let type: String?

    var description: String { "\(name) [\(input)]" }

    /// The fixture file, found from this source file: up to `Tests/`, then `Fixtures/`.
    static var fixtureURL: URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.lastPathComponent != "Tests" && directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("Fixtures/detour.json")
    }

    /// The tables of the fixture, each as its description and raw JSON object.
    static func loadTables() throws -> [[String: Any]] {
        let data = try Data(contentsOf: fixtureURL)
        let json = try JSONSerialization.jsonObject(with: data)
        if let tables = json as? [[String: Any]] { return tables }
        if let table = json as? [String: Any] { return [table] }
        throw CocoaError(.fileReadCorruptFile)
    }

    /// Every case of every Detour table; empty when the file cannot be read (a separate test
    /// checks the count, so a broken fixture fails loudly).
    static func all() -> [DetourTableCase] {
        guard let tables = try? loadTables() else { return [] }
        return tables.flatMap { table -> [DetourTableCase] in
            guard table["adapter"] as? String == "detour", let cases = table["cases"] as? [[String: Any]]
            else {
                return []
            }
            let description = table["description"] as? String ?? ""
            return cases.compactMap { raw in
                guard let input = raw["input"] as? String, let expect = raw["expect"] as? [String: Any] else {
                    return nil
                }
                return DetourTableCase(
                    table: description, name: raw["name"] as? String ?? input, input: input,
                    mode: raw["mode"] as? String, typeOverride: raw["typeOverride"] as? String,
                    empty: expect["empty"] as? Bool, url: expect["url"] as? String,
                    route: expect["route"] as? String,
                    pathname: expect["pathname"] as? String, params: expect["params"] as? [String: String],
                    type: expect["type"] as? String)
            }
        }
    }
}
