import Foundation
import Testing
import Waypoint
import WaypointNavigation

/// Any navigation stack saved as links and restored (Documentation/spec/routing.md §12): the
/// format, the links a newer version no longer routes, and the limit on what is read.
@Suite("Navigation stacks: saved as links, restored")
struct SavedStackTests {
    typealias Screen = StackTests.Screen

    @Test("any stack, not only a route's own, is saved as one link per screen and restored")
    func roundTrip() throws {
        let screens = try StackTests.shop()
        let stack: [Screen] = [
            .cart, .product(id: 7, color: "red"), .order(42), .orders, .item(order: 1, item: 2),
        ]
        let saved = try screens.save(stack, scheme: "myapp")
        #expect(
            saved.links == [
                "myapp:///cart", "myapp:///products/7?color=red", "myapp:///orders/42", "myapp:///orders",
                "myapp:///orders/1/items/2",
            ])
        let restored = screens.restore(saved)
        #expect(restored.stack == stack)
        #expect(restored.dropped.isEmpty)
        #expect(screens.restore(try screens.save([], scheme: "myapp")).stack.isEmpty)
    }

    @Test("the saved form is readable and diffable: JSON an array of links, the raw value one link a line")
    func format() throws {
        let saved = try StackTests.shop().save([.orders, .order(42)], scheme: "myapp")
        let json = String(decoding: try JSONEncoder().encode(saved), as: UTF8.self)
        #expect(json == #"["myapp:\/\/\/orders","myapp:\/\/\/orders\/42"]"#)
        #expect(try JSONDecoder().decode(SavedStack.self, from: Data(json.utf8)) == saved)
        #expect(saved.rawValue == "myapp:///orders\nmyapp:///orders/42")
        #expect(SavedStack(rawValue: saved.rawValue) == saved)
        #expect(SavedStack(rawValue: "")?.links == [])
        #expect(saved.description == saved.rawValue)
    }

    @Test("a screen without a link cannot be saved, and the error names it")
    func unsaveable() throws {
        let screens = try StackTests.shop()
        #expect(throws: DestinationStackError.screen(index: 1, .noRoute(destination: "account"))) {
            try screens.save([.orders, .account, .cart], scheme: "myapp")
        }
    }

    @Test("after an update, a link that no longer routes is dropped with its reason; the rest are restored")
    func afterAnUpdate() throws {
        let saved = try StackTests.shop().save(
            [.orders, .order(42), .cart, .product(id: 3, color: nil)], scheme: "myapp")
        // The next version: `/cart` is gone, orders below 100 are archived (the builder
        // declines them), and products are fetched.
        let next = DestinationRouter<Screen>()
        try next.register("/orders") { _ in .orders }
        try next.register("/orders/:id", parent: "/orders") { link in
            let id = try link.parameters.require("id", as: Int.self)
            return id < 100 ? nil : .order(id)
        }
        try next.register("/products/:id") { link in
            await Task.yield()
            return .product(id: try link.parameters.require("id", as: Int.self), color: nil)
        }
        let restored = next.restore(saved)
        #expect(restored.stack == [.orders])
        #expect(
            restored.dropped == [
                DroppedLink(index: 1, link: "myapp:///orders/42", reason: .noDestination),
                DroppedLink(index: 2, link: "myapp:///cart", reason: .noRoute),
                DroppedLink(
                    index: 3, link: "myapp:///products/3", reason: .asynchronous(route: "/products/:id")),
            ])
        #expect(
            restored.dropped.map(\.description) == [
                #"link 1 "myapp:///orders/42" dropped: every matching route's builder returned nil or threw"#,
                #"link 2 "myapp:///cart" dropped: no route matches it"#,
                #"link 3 "myapp:///products/3" dropped: route "/products/:id" builds it asynchronously, which a restore cannot wait for"#,
            ])
    }

    @Test("damaged storage: a line that is not a URL is dropped, the rest restored")
    func damaged() throws {
        let screens = try StackTests.shop()
        let saved = try #require(SavedStack(rawValue: "myapp:///orders\nnot a url\n\nmyapp:///cart"))
        let restored = screens.restore(saved)
        #expect(restored.stack == [.orders, .cart])
        #expect(restored.dropped.map(\.reason) == [.invalidURL, .invalidURL])
        #expect(restored.dropped.map(\.index) == [1, 2])
        let decoded = try JSONDecoder().decode(
            SavedStack.self, from: Data(#"["myapp:///orders", "%%", "x"]"#.utf8))
        #expect(screens.restore(decoded).stack == [.orders])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SavedStack.self, from: Data(#"{"links": 3}"#.utf8))
        }
    }

    /// `save` writes links as `URL.absoluteString`, which percent-encodes control characters;
    /// a link that holds one as written is damaged storage. Foundation on Linux (and on
    /// Apple platforms since macOS 14 and iOS 17) percent-encoded it and the link was
    /// matched as written: `noRoute` for `/orders` with a NUL after it, while a `:id` route
    /// took `7\u{0}` as its parameter. The string faces of the router refuse the same text,
    /// so a restore drops what a lookup or a push of the same string refuses.
    @Test(
        "a link holding a NUL or another control character is damaged: invalidURL, as the string faces say",
        arguments: [
            "myapp:///orders\u{0}", "myapp:///orders/4\u{0}2", "myapp:///or\u{1}ders", "myapp:///cart\u{7F}",
            "myapp:///products/7?color=re\u{0}d", "myapp:///products/7\u{1F}", "\u{0}myapp:///cart",
        ])
    func controlCharacter(_ link: String) throws {
        let screens = try StackTests.shop()
        let restored = screens.restore(SavedStack(rawValue: "myapp:///orders\n\(link)\nmyapp:///cart")!)
        #expect(restored.stack == [.orders, .cart])
        #expect(restored.dropped == [DroppedLink(index: 1, link: link, reason: .invalidURL)])
        #expect(screens.destination(for: link) == nil)
        #expect(screens.stack(for: link) == nil)
        #expect(screens.handle(link).failure == .invalidURL)
        let router = Router()
        try router.register("/:a/:b?") { _ in }
        #expect(router.handle(link).failure == .invalidURL)
        // Well-formed, the same characters are percent-encoded and read as ever.
        let encoded = try #require(URL(string: "myapp:///products/7?color=re%00d"))
        #expect(screens.restore(SavedStack(links: [encoded])).stack == [.product(id: 7, color: "re\u{0}d")])
    }

    @Test(
        "a restore reads at most SavedStack.limit links: ten times a deep stack is whole, a flood is cut",
        arguments: [(500, 500), (SavedStack.limit, SavedStack.limit), (20_000, SavedStack.limit)])
    func limit(_ count: Int, _ restoredCount: Int) throws {
        let screens = try StackTests.shop()
        let saved = try screens.save(Array(repeating: Screen.cart, count: count), scheme: "myapp")
        let restored = screens.restore(saved)
        #expect(restored.stack.count == restoredCount)
        #expect(restored.dropped.count == count - restoredCount)
        #expect(restored.dropped.allSatisfy { $0.reason == .overLimit })
        #expect(restored.dropped.first?.index == (count > restoredCount ? SavedStack.limit : nil))
        if count > restoredCount {
            #expect(
                restored.dropped[0].description.hasSuffix(
                    "dropped: it is past the 1000 links a restore reads"))
        }
    }

    // MARK: Hostile storage

    @Test(
        "damaged JSON is a DecodingError, never a crash",
        arguments: [
            (
                "nested 100,000 deep",
                String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            ),
            ("truncated", #"["myapp:///orders", "myapp:///ca"#), ("an object", #"{"links": [], "links": 3}"#),
            ("a null link", "[null]"), ("a number", "[1]"), ("a string", #""myapp:///cart""#),
            ("a lone surrogate", #"["\ud800"]"#), ("empty", ""), ("not UTF-8", "[\"\u{FFFD}\"]"),
        ])
    func damagedJSON(_ name: String, _ json: String) {
        // (The last case's replacement character stands for bytes that are not UTF-8.)
        let data = name == "not UTF-8" ? Data([0x5B, 0x22, 0xFF, 0xFE, 0x22, 0x5D]) : Data(json.utf8)
        #expect(throws: DecodingError.self, "\(name)") {
            try JSONDecoder().decode(SavedStack.self, from: data)
        }
    }

    @Test("text whose line breaks became \\r\\n (or \\r) still reads one link a line")
    func rewrittenLineBreaks() throws {
        let screens = try StackTests.shop()
        for text in ["myapp:///orders\r\nmyapp:///cart", "myapp:///orders\rmyapp:///cart"] {
            let saved = try #require(SavedStack(rawValue: text))
            #expect(saved.links == ["myapp:///orders", "myapp:///cart"])
            #expect(screens.restore(saved).stack == [.orders, .cart])
        }
    }

    @Test(
        "a link longer than the router's URL limit is dropped unparsed, beside a 200-screen stack restored whole"
    )
    func overLongLink() throws {
        let screens = try StackTests.shop()
        let limit = screens.options.maxURLLength
        let ordinary = (0..<200).map { Screen.product(id: $0, color: $0.isMultiple(of: 2) ? "red" : nil) }
        let saved = try screens.save(ordinary, scheme: "myapp")
        // The longest link the router reads, and a megabyte.
        let prefix = "myapp:///products/1?color="
        let longest = prefix + String(repeating: "a", count: limit - prefix.utf8.count)
        let huge = prefix + String(repeating: "a", count: 1_000_000)
        let links = Array(saved.links[..<100] + [longest, huge] + saved.links[100...])
        let restored = screens.restore(
            try JSONDecoder().decode(SavedStack.self, from: JSONEncoder().encode(links)))
        let kept =
            ordinary[..<100] + [
                .product(id: 1, color: String(repeating: "a", count: limit - prefix.utf8.count))
            ]
        #expect(restored.stack == Array(kept + ordinary[100...]))
        #expect(
            restored.dropped == [
                DroppedLink(
                    index: 101, link: huge, reason: .urlTooLong(length: huge.utf8.count, limit: limit))
            ])
        #expect(
            restored.dropped.first?.description.hasSuffix(
                "dropped: it is \(huge.utf8.count) UTF-8 bytes, longer than the router's limit of 8192")
                == true)
    }
}
