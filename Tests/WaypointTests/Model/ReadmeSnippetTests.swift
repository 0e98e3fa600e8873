import Foundation
import Testing
import Waypoint
import WaypointCoding
import WaypointLinkBuilder

/// The README's snippets, copied verbatim, so that they compile and do what the README says.
/// The doc comments' examples are checked here too.
@Suite("README snippets")
struct ReadmeSnippetTests {
    @Test("Deep links and building links: building and reading a link")
    func buildingAndReading() {
        // README snippet begins
        var builder = DeepLinkBuilder(string: "myapp://rides/42")!
        builder["partner"] = "uber"
        builder["seats"] = 2
        builder["stops"] = ["home", "work"]
        builder.setValue(Date(timeIntervalSince1970: 0), forKey: "since")
        let url = builder.url!
        // myapp://rides/42?partner=uber&seats=2&stops=%5B%22home%22%2C%22work%22%5D
        //     &since=1970-01-01T00%3A00%3A00Z&dpl%3Ajson-encoded-fields=%5B%22stops%22%5D

        let link = DeepLink(url: url)!
        let stops = link["stops"]  // .array(["home", "work"]): listed as JSON, decoded
        let seats = link["seats"]  // .string("2"): other values read back as text
        // README snippet ends

        #expect(
            url.absoluteString
                == "myapp://rides/42?partner=uber&seats=2&stops=%5B%22home%22%2C%22work%22%5D"
                + "&since=1970-01-01T00%3A00%3A00Z&dpl%3Ajson-encoded-fields=%5B%22stops%22%5D")
        #expect(stops == .array(["home", "work"]))
        #expect(seats == .string("2"))
    }

    @Test("Deep links and building links: a custom value")
    func customValue() {
        // README snippet begins
        struct Ride: DeepLinkQueryValue {
            var id: String
            var seats: Int
            var deepLinkJSONValue: JSONValue { ["id": .string(id), "seats": JSONValue(seats)] }
        }

        var share = DeepLinkBuilder(string: "myapp://share")!
        let ride = Ride(id: "r1", seats: 3)
        share["ride"] = ride
        // myapp://share?ride=%7B%22id%22%3A%22r1%22%2C%22seats%22%3A3%7D
        //     &dpl%3Ajson-encoded-fields=%5B%22ride%22%5D
        // README snippet ends

        #expect(
            share.absoluteString
                == "myapp://share?ride=%7B%22id%22%3A%22r1%22%2C%22seats%22%3A3%7D"
                + "&dpl%3Ajson-encoded-fields=%5B%22ride%22%5D")
    }

    @Test("Reading and building links: a Codable payload")
    func codablePayload() throws {
        // README snippet begins
        struct Order: Codable, Equatable {
            var id: Int64
            var items: [String]
            var express: Bool
        }

        let order = Order(id: 9_007_199_254_740_993, items: ["tea"], express: true)
        var builder = DeepLinkBuilder(string: "myapp://checkout")!
        builder["order"] = try JSONValue(encoding: order)
        // myapp://checkout?order=%7B%22express%22%3Atrue%2C%22id%22%3A%229007199254740993%22%2C
        //     %22items%22%3A%5B%22tea%22%5D%7D&dpl%3Ajson-encoded-fields=%5B%22order%22%5D

        let link = DeepLink(url: builder.url!)!
        let decoded = try link.queryParameters["order"]?.decode(Order.self)  // == order
        // README snippet ends

        #expect(
            builder.absoluteString
                == "myapp://checkout?order=%7B%22express%22%3Atrue%2C%22id%22%3A%229007199254740993%22%2C"
                + "%22items%22%3A%5B%22tea%22%5D%7D&dpl%3Ajson-encoded-fields=%5B%22order%22%5D")
        #expect(decoded == order)
    }

    @Test("doc comment examples")
    func docComments() throws {
        let link = DeepLink(url: URL(string: "myapp://ride/42?partner=uber")!)!
        #expect(link["partner"] == .string("uber"))

        var builder = DeepLinkBuilder(string: "myapp://rides")!
        builder["id"] = "abc 123"
        builder["seats"] = 2
        #expect(builder.absoluteString == "myapp://rides?id=abc%20123&seats=2")
    }
}
