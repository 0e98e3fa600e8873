import Foundation
import Testing

@testable import Waypoint
@testable import WaypointNavigation

/// Navigation stacks as properties (Documentation/spec/routing.md §12), over random parent
/// trees up to 8 deep and random screens and stacks, with values hostile to paths and
/// queries (`/`, `%2F`, `?`, `#`, empty, emoji):
/// - every printed link reads back as its screen;
/// - every synthetic stack (the stack a screen's link opens) prints as that one link and
///   reads back equal;
/// - every stack, of any screens, saved as links restores equal.
///
/// Seeded: a failure replays from its seed. The suite runs on whichever regex engine the
/// build has (PCRE2 by default, Foundation's with the FoundationRegex trait); regex
/// parameters take part.
@Suite("Navigation stacks: round-trip properties over random parent trees")
struct StackPropertyTests {
    /// A screen: its route's node and its parameters' values in route order, and its own
    /// query item.
    struct Screen: Hashable, Sendable, CustomStringConvertible {
        let node: Int
        let values: [String]
        let query: String?

        var description: String { "n\(node)\(values)\(query.map { "?\($0)" } ?? "")" }
    }

    /// One node of a tree: its route, its parameters (each with whether it is a
    /// `:name([^/]+)` regex, or follows one, so that its value cannot hold a `/`), and its
    /// parent.
    struct Node {
        let index: Int
        let route: String
        let parameters: [(name: String, inTail: Bool)]
        let parent: Int?
        let depth: Int
    }

    /// Values hostile to a path or a query, beside plain ones.
    static let hostile = ["/", "%2F", "?", "#", "", "🧭", "a b", "x&y=z", "+", ".", "..", "é/ü", "%", "a?b#c"]

    struct Generator {
        var random: SplitMix64

        mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

        mutating func value() -> String {
            if chance(35) { return StackPropertyTests.hostile[below(StackPropertyTests.hostile.count)] }
            return String(random.next() % 100_000, radix: 36)
        }
    }

    /// A forest of `count` trees, each up to 8 deep: each node's route continues its
    /// parent's with a literal naming the node and, usually, a parameter.
    static func forest(count: Int, generator: inout Generator) -> [Node] {
        var nodes: [Node] = []
        for tree in 0..<count {
            let size = 1 + generator.below(12)
            let first = nodes.count
            for _ in 0..<size {
                let index = nodes.count
                // A root, or a child of an earlier node of this tree that is less than 8 deep.
                let candidates = nodes[first...].filter { $0.depth < 8 }
                let parent =
                    candidates.isEmpty || generator.chance(15)
                    ? nil : candidates[generator.below(candidates.count)]
                var route = parent?.route ?? "/t\(tree)"
                var parameters = parent?.parameters ?? []
                route += "/n\(index)"
                if generator.chance(75) {
                    let regex = generator.chance(30)
                    let inTail = regex || parameters.contains(where: \.inTail)
                    route += regex ? "/:p\(index)([^/]+)" : "/:p\(index)"
                    parameters.append(("p\(index)", inTail))
                }
                nodes.append(
                    Node(
                        index: index, route: route, parameters: parameters, parent: parent?.index,
                        depth: (parent?.depth ?? 0) + 1))
            }
        }
        return nodes
    }

    /// The router of `nodes`: each builder reads its parameters and its own query item
    /// `q<node>`; it declines a link whose last parameter is its parent's and reads `skip`
    /// (so that a parent can be left out of a stack). Each printer writes them back.
    static func router(_ nodes: [Node]) throws -> DestinationRouter<Screen> {
        let screens = DestinationRouter<Screen>()
        try screens.register(
            nodes.map { node in
                DestinationRouter<Screen>.Route(
                    RouteName(node.route), parent: node.parent.map { RouteName(nodes[$0].route) }
                ) { link in
                    let values = try node.parameters.map {
                        try link.parameters.require($0.name, as: String.self)
                    }
                    if values.last == "skip" { return nil }
                    return Screen(node: node.index, values: values, query: link.parameters["q\(node.index)"])
                } link: { screen in
                    guard screen.node == node.index else { return nil }
                    let parameters = RouteParameters(
                        elements: zip(node.parameters, screen.values).map { ($0.name, $1) })
                    return PrintedLink(parameters, query: ["q\(node.index)": screen.query])
                }
            })
        return screens
    }

    /// A random screen of `node`: its own last value is never `skip`, so that it builds;
    /// its ancestors' may be.
    static func screen(of node: Node, generator: inout Generator) -> Screen {
        var values = node.parameters.map { _ in generator.chance(5) ? "skip" : generator.value() }
        if values.last == "skip" { values[values.count - 1] = "s" }
        return Screen(node: node.index, values: values, query: generator.chance(40) ? generator.value() : nil)
    }

    /// Whether reverse routing can write `screen`'s values: none empty, and none holding a
    /// `/` where the regex tail reads segments.
    static func printable(_ screen: Screen, of node: Node) -> Bool {
        zip(node.parameters, screen.values).allSatisfy { parameter, value in
            !value.isEmpty && !(parameter.inTail && value.contains("/"))
        }
    }

    @Test(
        "printed links read back; synthetic stacks round-trip through one link; any stack through its saved links",
        arguments: 1...8)
    func roundTrips(seed: UInt64) throws {
        var generator = Generator(random: SplitMix64(seed: seed &* 0x5EED_57AC))
        var synthetic = 0
        var stacks = 0
        // 25 routers of 10 trees each: small tables keep `url(for:)`, which asks every
        // printer before the one that prints, fast enough.
        for _ in 0..<25 {
            let nodes = Self.forest(count: 10, generator: &generator)
            let screens = try Self.router(nodes)
            try check(
                nodes, screens, seed: seed, generator: &generator, synthetic: &synthetic, stacks: &stacks)
        }
        #expect(synthetic > 1_000)
        #expect(stacks == 25 * 20)
    }

    /// The three properties on one router.
    func check(
        _ nodes: [Node], _ screens: DestinationRouter<Screen>, seed: UInt64, generator: inout Generator,
        synthetic: inout Int, stacks: inout Int
    ) throws {
        var printed: [Screen] = []
        for node in nodes {
            do {
                let screen = Self.screen(of: node, generator: &generator)
                guard Self.printable(screen, of: node) else {
                    #expect(
                        throws: DestinationLinkError.self,
                        "seed \(seed): \(screen) has an empty value or a / in the tail"
                    ) {
                        try screens.url(for: screen, scheme: "app")
                    }
                    continue
                }
                let url = try screens.url(for: screen, scheme: "app", host: "h")
                #expect(screens.destination(for: url) == screen, "seed \(seed): \(url)")
                printed.append(screen)
                // The screen's synthetic stack: its ancestors built from its link.
                let stack = try #require(screens.stack(for: url), "seed \(seed): \(url)")
                #expect(stack.last == screen)
                #expect(stack.count <= node.depth)
                var ancestor = node.parent
                var expectedNodes = [node.index]
                while let index = ancestor {
                    let own = nodes[index].parameters.count
                    if own == 0 || screen.values[own - 1] != "skip" { expectedNodes.append(index) }
                    ancestor = nodes[index].parent
                }
                #expect(stack.map(\.node) == expectedNodes.reversed(), "seed \(seed): \(url)")
                #expect(
                    try screens.url(forStack: stack, scheme: "app", host: "h") == url,
                    "seed \(seed): \(stack)")
                synthetic += 1
            }
        }
        // Random stacks of any screens, saved as links and restored.
        guard !printed.isEmpty else { return }
        for _ in 0..<20 {
            stacks += 1
            let stack = (0..<(1 + generator.below(12))).map { _ in printed[generator.below(printed.count)] }
            let saved = try screens.save(stack, scheme: "app")
            let decoded = try JSONDecoder().decode(SavedStack.self, from: JSONEncoder().encode(saved))
            let restored = screens.restore(decoded)
            #expect(restored.stack == stack, "seed \(seed): \(saved)")
            #expect(restored.dropped.isEmpty, "seed \(seed): \(restored.dropped)")
            #expect(screens.restore(try #require(SavedStack(rawValue: saved.rawValue))).stack == stack)
        }
    }
}
