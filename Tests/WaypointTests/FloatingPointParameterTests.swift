import Testing

@testable import Waypoint

/// A parameter read as a floating-point type is a finite decimal number,
/// `-?[0-9]+(\.[0-9]+)?`; what `Double.init(_:)` also reads (`nan`, `inf`, hexadecimal,
/// exponents) is not what a link carries, and `price=nan` must not pass.
@Suite("Floating-point parameters")
struct FloatingPointParameterTests {
    @Test(
        "what Double and Float accept",
        arguments: [
            ("42", 42.0), ("-0.5", -0.5), ("12.50", 12.5), ("0", 0), ("-0", 0), ("007", 7),
            ("3.14159265358979", 3.14159265358979),
            ("nan", nil), ("NaN", nil), ("inf", nil), ("-inf", nil), ("infinity", nil), ("0x1F", nil),
            ("1e3", nil), ("1E3", nil), ("+1", nil), (".5", nil), ("1.", nil), ("", nil), ("-", nil),
            (" 1", nil), ("1 ", nil), ("1.2.3", nil), ("1,5", nil), ("١٢", nil),
            (String(repeating: "9", count: 400), nil),
        ] as [(String, Double?)])
    func parse(_ text: String, _ expected: Double?) throws {
        let parameters = RouteParameters(route: "/p/:x", elements: [("x", text)])
        #expect(parameters.get("x", as: Double.self) == expected)
        #expect(parameters.get("x", as: Float.self) == expected.map(Float.init))
        if let expected {
            #expect(try parameters.require("x", as: Double.self) == expected)
        } else {
            #expect(throws: ParameterError.invalid(name: "x", value: text, type: "Double")) {
                try parameters.require("x", as: Double.self)
            }
        }
    }

    @Test("a value too large for Float but not for Double")
    func range() {
        let parameters = RouteParameters(
            route: "/p/:x", elements: [("x", "1" + String(repeating: "0", count: 40))])
        #expect(parameters.get("x", as: Double.self) == 1e40)
        #expect(parameters.get("x", as: Float.self) == nil)
    }
}
