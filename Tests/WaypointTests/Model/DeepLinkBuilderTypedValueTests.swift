import Foundation
import Testing

@testable import Waypoint
@testable import WaypointLinkBuilder

@Suite("Deep link builder: typed values through the subscript")
struct DeepLinkBuilderTypedValueTests {
    /// An app type that writes itself as an object and reads itself back.
    struct Ride: DeepLinkQueryValue, Equatable {
        var id: String
        var seats: Int
        var deepLinkJSONValue: JSONValue { ["id": .string(id), "seats": JSONValue(seats)] }

        init(id: String, seats: Int) {
            self.id = id
            self.seats = seats
        }

        init?(deepLinkJSONValue value: JSONValue) {
            guard let id = value["id"]?.stringValue,
                let seats = value["seats"].flatMap(Int.init(deepLinkJSONValue:))
            else { return nil }
            self.init(id: id, seats: seats)
        }
    }

    /// An app type that only writes itself, relying on the default reader.
    struct Coupon: DeepLinkQueryValue {
        var code: String
        var deepLinkJSONValue: JSONValue { .string(code) }
    }

    @Test("variables of every standard type are written through the subscript")
    func variablesCompileAndWrite() throws {
        var builder = try #require(DeepLinkBuilder(string: "myapp://rides"))
        let seats = 2
        let name = "a b"
        let tags = ["x", "y"]
        let sent = Date(timeIntervalSince1970: 1_709_296_200)
        let price = 3.5
        let express = true
        let home = try #require(URL(string: "https://example.com/a"))
        let big: Int64 = 9_007_199_254_740_993
        let limits: [String: Int] = ["max": 4]
        builder["seats"] = seats
        builder["name"] = name
        builder["tags"] = tags
        builder["sent"] = sent
        builder["price"] = price
        builder["express"] = express
        builder["home"] = home
        builder["big"] = big
        builder["limits"] = limits
        builder["ride"] = Ride(id: "r1", seats: 3)
        builder["coupon"] = Coupon(code: "SAVE")
        #expect(
            builder.absoluteString
                == "myapp://rides?seats=2&name=a%20b&tags=%5B%22x%22%2C%22y%22%5D&sent=2024-03-01T12%3A30%3A00Z"
                + "&price=3.5&express=true&home=https%3A%2F%2Fexample.com%2Fa&big=9007199254740993"
                + "&limits=%7B%22max%22%3A4%7D&ride=%7B%22id%22%3A%22r1%22%2C%22seats%22%3A3%7D&coupon=SAVE"
                + "&dpl%3Ajson-encoded-fields=%5B%22tags%22%2C%22limits%22%2C%22ride%22%5D")
    }

    @Test("literals still compile and write what they wrote before")
    func literalsKeepTheirMeaning() throws {
        var builder = try #require(DeepLinkBuilder(string: "myapp://x"))
        builder["i"] = 2
        builder["d"] = 2.5
        builder["s"] = "t"
        builder["b"] = false
        builder["a"] = [1, "two", nil]
        builder["o"] = ["k": [true]]
        builder["n"] = .null
        builder["gone"] = "soon"
        builder["gone"] = nil
        #expect(builder["i"] == .number(2))
        #expect(builder["a"] == .array([.number(1), .string("two"), .null]))
        #expect(
            builder.absoluteString
                == "myapp://x?i=2&d=2.5&s=t&b=false&a=%5B1%2C%22two%22%2Cnull%5D&o=%7B%22k%22%3A%5Btrue%5D%7D&n"
                + "&dpl%3Ajson-encoded-fields=%5B%22a%22%2C%22o%22%5D")
    }

    @Test("an optional variable set to nil removes the parameter")
    func optionalVariableRemoves() throws {
        var builder = try #require(DeepLinkBuilder(string: "myapp://x?seats=2&keep=1"))
        let none: Int? = nil
        builder["seats"] = none
        #expect(builder.absoluteString == "myapp://x?keep=1")
    }

    @Test("values read back as the type they were written as")
    func readsBack() throws {
        var builder = try #require(DeepLinkBuilder(string: "myapp://x"))
        let sent = Date(timeIntervalSince1970: 1_709_296_200.25)
        builder["seats"] = 2
        builder["big"] = UInt64.max
        builder["sent"] = sent
        builder["tags"] = ["x", "y"]
        builder["ride"] = Ride(id: "r1", seats: 3)
        builder["coupon"] = Coupon(code: "SAVE")
        builder["ratio"] = Float(0.1)
        #expect(builder["seats"] as Int? == 2)
        #expect(builder["seats"] as String? == "2")
        #expect(builder["seats"] as Bool? == nil)
        #expect(builder["big"] as UInt64? == UInt64.max)
        #expect(builder["big"] as Int64? == nil)
        #expect(builder["sent"] as Date? == sent)
        #expect(builder["tags"] as [String]? == ["x", "y"])
        #expect(builder["tags"] as [Int]? == nil)
        #expect(builder["ride"] as Ride? == Ride(id: "r1", seats: 3))
        #expect(builder["ratio"] as Float? == Float(0.1))
        // The default reader of a type that does not implement one reads nothing.
        #expect(builder["coupon"] as Coupon? == nil)
        #expect(builder["missing"] as Int? == nil)
    }

    @Test("values parsed from a URL read back typed from their text")
    func readsParsedText() throws {
        let builder = try #require(
            DeepLinkBuilder(
                string:
                    "myapp://x?seats=2&price=-1.5&on=true&when=2024-03-01T12:30:00.250Z&inf=-inf&site=https%3A%2F%2Fa.b"
            ))
        #expect(builder["seats"] as Int? == 2)
        #expect(builder["seats"] as UInt8? == 2)
        #expect(builder["price"] as Double? == -1.5)
        #expect(builder["price"] as Int? == nil)
        #expect(builder["on"] as Bool? == true)
        #expect(builder["when"] as Date? == Date(timeIntervalSince1970: 1_709_296_200.25))
        #expect(builder["inf"] as Double? == -.infinity)
        #expect(builder["site"] as URL? == URL(string: "https://a.b"))
    }

    @Test(
        "dates read back the text they write",
        arguments: [
            0, 1_709_296_200, 1_709_296_200.25, 0.001, -0.001, -62_135_596_800, -62_167_219_200.5,
            253_402_300_799.999, 253_402_300_800, -8.64e12, 8.64e12,
        ] as [Double])
    func dateTextRoundTrips(_ seconds: Double) throws {
        let text = DateText.iso8601(Date(timeIntervalSince1970: seconds))
        let read = try #require(Date(deepLinkJSONValue: .string(text)), "\(text)")
        #expect(DateText.iso8601(read) == text)
    }

    @Test(
        "text that is not a written date reads as no date",
        arguments: [
            "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z",
            "2024-01-01T00:00:00", "2024-01-01T00:00:00.Z", "2024-01-01 00:00:00Z", "+10000-01-01T00:00:00Z",
            "1e15", "", "2024-01-01T00:00:00Zx",
        ])
    func invalidDates(_ text: String) {
        #expect(Date(deepLinkJSONValue: .string(text)) == nil)
    }
}
