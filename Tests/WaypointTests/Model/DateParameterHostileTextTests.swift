import Foundation
import Testing
import Waypoint
import WaypointCoding
import WaypointLinkBuilder

/// Whatever the text, a `Date` parameter is a real date or nil. Public API
/// only, so that the same file fails on c6ca6dd, where `nan`, `inf` and `1e309` were dates.
@Suite("Date parameters: hostile text")
struct DateParameterHostileTextTests {
    static let rejected: [String] = [
        // What Double(text) reads that is no date.
        "nan", "NaN", "-nan", "inf", "-inf", "+inf", "infinity", "Infinity", "-infinity",
        "1e309", "1e308", "-1e308", "1e3", "1E3", "1e-3", "0x1p50", "0x10", "0X10", "0b101",
        // Not the one spelling of a decimal number.
        "", " ", "+", "-", "+1", "--1", ".5", "1.", "-.5", "1.2.3", "1,5", "1_000", " 1", "1 ",
        "\t1", "1\n", "1.0000000000",
        // Too many digits: milliseconds since 1970, and beyond.
        "100000000000", "-100000000000", "1709296200000", "000000000001",
        String(repeating: "9", count: 400), String(repeating: "0", count: 400) + "1",
        // Digits that are not ASCII.
        "١٧٠٩٢٩٦٢٠٠", "１７０９２９６２００", "２０２４-03-01",
        // Days that do not exist, or are not written as one.
        "2023-02-29", "2023-02-29T00:00:00Z", "1900-02-29", "2024-02-30", "2024-04-31", "2024-13-01",
        "2024-00-10", "2024-01-00", "2024-1-01", "24-01-01", "12024-01-01", "+10000-01-01", "2024-03-01Z",
        "2024-03-01T", "2024/03/01", "20240301T123000Z",
        // Times that do not exist on a UTC clock, or lack an offset.
        "2024-03-01T24:00:00Z", "2024-06-30T23:59:60Z", "2024-03-01T12:60:00Z", "2024-03-01T12:30:00",
        "2024-03-01T12:30Z", "2024-03-01T12Z", "2024-03-01T12:30:00+01", "2024-03-01T12:30:00+1:00",
        "2024-03-01T12:30:00+24:00", "2024-03-01T12:30:00+01:60", "2024-03-01T12:30:00+01:00:00",
        "2024-03-01T12:30:00+01:0", "2024-03-01t12:30:00z", "2024-03-01T12:30:00z", "2024-03-01 12:30:00Z",
        "2024-03-01T12:30:00 Z", "2024-03-01T12:30:00.Z", "2024-03-01T12:30:00,5Z",
        "2024-03-01T12:30:00.1234567890Z", "2024-03-01T12:30:00Z ", "2024-03-01T12:30:00ZZ",
        "2024-03-01T12:30:00Z\n", "2024-03-01T12:30:00.-5Z",
        // Beyond ±275760 years of 1970, and the year zero written with a minus sign.
        "+275760-09-13T00:00:00.001Z", "-271821-04-19T23:59:59.999Z", "+275760-09-13T00:00:00-00:01",
        "-271821-04-20T00:00:00+00:01", "+275760-09-14", "-271821-04-19", "+999999-12-31T23:59:59Z",
        "-999999-01-01T00:00:00Z", "-000000-01-01T00:00:00Z",
    ]

    @Test("anything else reads as no date, and require names the parameter", arguments: rejected)
    func rejectedText(_ text: String) {
        let parameters: RouteParameters = ["d": text]
        #expect(parameters.get("d", as: Date.self) == nil)
        #expect(Date(deepLinkJSONValue: .string(text)) == nil)
        #expect(throws: ParameterError.invalid(name: "d", value: text, type: "Date")) {
            try parameters.require("d", as: Date.self)
        }
    }

    @Test("the issue's link: expires=nan is no date, through the router and through JSON")
    func nanThroughTheRouter() throws {
        for text in ["nan", "inf", "infinity", "1e309", "1e308", "0x1p50"] {
            let link = try #require(
                try Router.linkForTesting(route: "/offer", url: "myapp://h/offer?expires=\(text)"))
            #expect(link.parameters.get("expires", as: Date.self) == nil, "\(text)")
            struct Offer: Decodable { var expires: Date }
            #expect(throws: DecodingError.self, "\(text)") {
                try JSONValue.object(["expires": .string(text)]).decode(Offer.self)
            }
            #expect(JSONValue.array([.string(text)]).decode(as: [Date].self) == nil, "\(text)")
        }
        let link = try #require(
            try Router.linkForTesting(
                route: "/offer", url: "myapp://h/offer?expires=2026-12-24T18:00:00%2B01:00"))
        let expires = try #require(link.parameters.get("expires", as: Date.self))
        #expect("\(expires)".contains("2026-12-24"))
        #expect(expires == Date(timeIntervalSince1970: 1_798_131_600))
    }

    @Test("a JSON number is no date: its epoch and unit are the encoder's choice")
    func numbersAreNotDates() {
        #expect(Date(deepLinkJSONValue: .number(1_709_296_200)) == nil)
        #expect(Date(deepLinkJSONValue: .number(.nan)) == nil)
    }
}

extension JSONValue {
    /// The value read as `Value` through `Value(deepLinkJSONValue:)`.
    fileprivate func decode<Value: DeepLinkQueryValue>(as type: Value.Type) -> Value? {
        Value(deepLinkJSONValue: self)
    }
}
