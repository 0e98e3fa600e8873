import Foundation
import Testing

@testable import Waypoint
@testable import WaypointNavigation
@testable import WaypointReverseRouting

/// For random destinations of an app-shaped enum, `url(for:)` gives a URL that
/// `destination(for:)` reads back as the same destination, or an error the destination
/// itself explains. Every segment form takes part: `:name`, `:name?`, `:name(regex)`, `*`,
/// `**`, a spanning regex, and a host parameter. Seeded: a failure replays from its seed and
/// case number.
@Suite("Destination router: printing round-trip properties")
struct DestinationPrintingPropertyTests {
    enum Tab: String, Sendable, CaseIterable {
        case general, privacy = "privacy & security", cafe = "café/menu"
    }

    enum Screen: Hashable, Sendable {
        case newProduct
        case product(id: Int)
        case order(UUID)
        case search(String?)
        case tab(Tab)
        case shared(Int)
        case docPage(section: String, page: String)
        case doc(path: String)
        case note(String)
        case weather(city: String, day: Int)
        case label(String)
    }

    /// The routes, in priority order, with the destination each builds and prints.
    static func screens(options: RouterOptions) throws -> DestinationRouter<Screen> {
        let screens = DestinationRouter<Screen>(options: options)
        try screens.register("/products/new") { _ in
            .newProduct
        } link: {
            $0 == .newProduct ? [:] : nil
        }
        try screens.register("/products/:id(-?[0-9]+)") { link in
            .product(id: try link.parameters.require("id", as: Int.self))
        } link: { screen in
            guard case .product(let id) = screen else { return nil }
            return ["id": String(id)]
        }
        try screens.register("/orders/:id") { link in
            .order(try link.parameters.require("id", as: UUID.self))
        } link: { screen in
            guard case .order(let id) = screen else { return nil }
            return ["id": id.uuidString]
        }
        try screens.register("/search/:q?") { link in
            .search(link.parameters["q"])
        } link: { screen in
            guard case .search(let query) = screen else { return nil }
            return query.map { ["q": $0] } ?? [:]
        }
        try screens.register("/tabs/:tab") { link in
            .tab(try link.parameters.require("tab", as: Tab.self))
        } link: { screen in
            guard case .tab(let tab) = screen else { return nil }
            return ["tab": tab.rawValue]
        }
        try screens.register("/share/*/:id") { link in
            .shared(try link.parameters.require("id", as: Int.self))
        } link: { screen in
            guard case .shared(let id) = screen else { return nil }
            return ["*": "via", "id": String(id)]
        }
        try screens.register("/docs/:section/:page") { link in
            .docPage(section: link.parameters["section"] ?? "", page: link.parameters["page"] ?? "")
        } link: { screen in
            guard case .docPage(let section, let page) = screen else { return nil }
            return ["section": section, "page": page]
        }
        try screens.register("/docs/**") { link in
            .doc(path: link.parameters["**"] ?? "")
        } link: { screen in
            guard case .doc(let path) = screen else { return nil }
            return ["**": path]
        }
        try screens.register("/notes/:rest(.*)") { link in
            .note(link.parameters["rest"] ?? "")
        } link: { screen in
            guard case .note(let text) = screen else { return nil }
            return ["rest": text]
        }
        try screens.register(":city/weather/:day") { link in
            .weather(
                city: link.parameters["city"] ?? "", day: try link.parameters.require("day", as: Int.self))
        } link: { screen in
            guard case .weather(let city, let day) = screen else { return nil }
            return ["city": city, "day": String(day)]
        }
        try screens.register("/label/:text") { link in
            .label(link.parameters["text"] ?? "")
        } link: { screen in
            guard case .label(let text) = screen else { return nil }
            return ["text": text]
        }
        return screens
    }

    static let alphabet = [
        "a", "b", "Z", "0", "7", "/", "%", " ", "é", "日本", "😀", ".", "..", "?", "#", "-", "~", "+", "&",
        "=", ":", "@", "%2F", "//",
    ]

    struct Generator {
        var random: SplitMix64

        mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

        mutating func text() -> String {
            if chance(6) { return "" }
            if chance(8) { return pick([".", "..", "/", "a/", "/a", "a//b", "a/b/", "guide/intro"]) }
            return (0..<(1 + Int(random.next() % 5))).map { _ in
                pick(DestinationPrintingPropertyTests.alphabet)
            }
            .joined()
        }

        mutating func int() -> Int {
            switch random.next() % 4 {
            case 0: pick([0, -1, Int.max, Int.min])
            default: Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 63)
            }
        }

        mutating func uuid() -> UUID {
            let (a, b) = (random.next(), random.next())
            var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &bytes) { raw in
                withUnsafeBytes(of: a) { raw.copyBytes(from: $0) }
                withUnsafeBytes(of: b) {
                    UnsafeMutableRawBufferPointer(rebasing: raw[8...]).copyBytes(from: $0)
                }
            }
            return UUID(uuid: bytes)
        }

        mutating func screen() -> Screen {
            switch random.next() % 11 {
            case 0: .newProduct
            case 1: .product(id: int())
            case 2: .order(uuid())
            case 3: .search(chance(30) ? nil : text())
            case 4: .tab(pick(Tab.allCases))
            case 5: .shared(int())
            case 6: .docPage(section: text(), page: text())
            case 7: .doc(path: text())
            case 8: .note(text())
            case 9: .weather(city: text(), day: int())
            default: .label(text())
            }
        }
    }

    /// Whether `screen` carries an empty text where its route needs a segment.
    static func hasEmptySegment(_ screen: Screen) -> Bool {
        switch screen {
        case .search(let query): query == ""
        case .docPage(let section, let page): section.isEmpty || page.isEmpty
        case .weather(let city, _): city.isEmpty
        case .label(let text): text.isEmpty
        default: false
        }
    }

    /// The route that prints `screen`.
    static func route(of screen: Screen) -> String {
        switch screen {
        case .newProduct: "/products/new"
        case .product: "/products/:id(-?[0-9]+)"
        case .order: "/orders/:id"
        case .search: "/search/:q?"
        case .tab: "/tabs/:tab"
        case .shared: "/share/*/:id"
        case .docPage: "/docs/:section/:page"
        case .doc: "/docs/**"
        case .note: "/notes/:rest(.*)"
        case .weather: ":city/weather/:day"
        case .label: "/label/:text"
        }
    }

    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]
    static let casesPerSeed = 500

    @Test("destination(for: url(for: d)) == d, or an error d explains", arguments: seeds)
    func roundTrip(seed: UInt64) throws {
        let tally = try Self.run(seed: seed, options: RouterOptions())
        #expect(tally["built"] * 10 > Self.casesPerSeed * 9, "\(tally.counts)")
    }

    @Test(
        "the same under strict trailing slashes and case-insensitive paths", arguments: [11, 12] as [UInt64])
    func roundTripOptions(seed: UInt64) throws {
        for options in [RouterOptions(strictTrailingSlash: true), RouterOptions(caseInsensitivePaths: true)] {
            let tally = try Self.run(seed: seed, options: options)
            #expect(tally["built"] * 10 > Self.casesPerSeed * 8, "\(tally.counts)")
        }
    }

    @Test("over all seeds, every route prints, and spanning values with a / round-trip")
    func everyFormTakesPart() throws {
        var total = Tally()
        for seed in Self.seeds {
            for (kind, count) in try Self.run(seed: seed, options: RouterOptions()).counts {
                total.counts[kind, default: 0] += count
            }
        }
        let routes = try Self.screens(options: RouterOptions()).routes
        for route in routes {
            #expect(total["built " + route] > 0, "\(route): \(total.counts)")
        }
        // `/docs/**` after `/docs/:section/:page`: a path of two segments is written with
        // `%2F`, and it happens.
        #expect(total["slash in /docs/**"] > 0 && total["emptyValue"] > 0, "\(total.counts)")
    }

    struct Tally {
        var counts: [String: Int] = [:]
        mutating func add(_ kind: String) { counts[kind, default: 0] += 1 }
        subscript(kind: String) -> Int { counts[kind] ?? 0 }
    }

    static func run(seed: UInt64, options: RouterOptions) throws -> Tally {
        let screens = try screens(options: options)
        var generator = Generator(random: SplitMix64(seed: seed))
        var tally = Tally()
        for number in 0..<casesPerSeed {
            let screen = generator.screen()
            let label = "seed \(seed) case \(number): \(screen)"
            let result = Result { () throws(DestinationLinkError) in
                try screens.url(for: screen, scheme: "app")
            }
            switch result {
            case .success(let url):
                #expect(screens.destination(for: url) == screen, "\(label): \(url)")
                #expect(screens.destination(for: url.absoluteString) == screen, "\(label): \(url)")
                tally.add("built")
                tally.add("built " + route(of: screen))
                if case .doc(let path) = screen, path.contains("/") { tally.add("slash in /docs/**") }
            case .failure(.route(.emptyValue(let route, _))):
                #expect(hasEmptySegment(screen) && route == Self.route(of: screen), "\(label)")
                tally.add("emptyValue")
            case .failure(.route(.shadowed(let route, let url, let winner))):
                // Only when no spelling round-trips: the error's URL opens the earlier route.
                let order = screens.routes
                #expect(order.firstIndex(of: winner)! < order.firstIndex(of: route)!, "\(label)")
                #expect(screens.destination(for: url) != screen, "\(label)")
                tally.add("shadowed")
            case .failure(let error):
                Issue.record("\(label): unexpected \(error)")
            }
        }
        return tally
    }
}
