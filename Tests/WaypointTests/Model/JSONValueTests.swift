import Testing
import Waypoint

@Suite("JSON value")
struct JSONValueTests {
    @Test("literals make the matching cases")
    func literals() {
        let string: JSONValue = "a"
        let integer: JSONValue = 3
        let float: JSONValue = 2.5
        let bool: JSONValue = true
        let null: JSONValue = nil
        let array: JSONValue = [1, "b"]
        let object: JSONValue = ["k": "v", "k2": 1]
        #expect(string == .string("a"))
        #expect(integer == .number(3))
        #expect(float == .number(2.5))
        #expect(bool == .bool(true))
        #expect(null == .null)
        #expect(array == .array([.number(1), .string("b")]))
        #expect(object == .object(["k": .string("v"), "k2": .number(1)]))
    }

    @Test("a dictionary literal with a repeated key keeps the first value, as parsed text does")
    func repeatedLiteralKey() {
        let object: JSONValue = ["k": 1, "k": 2]
        #expect(object == .object(["k": 1]))
    }

    @Test("accessors return the payload of their own case only")
    func accessors() {
        let value: JSONValue = ["s": "x", "n": 1.5, "b": false, "z": nil, "a": [1, 2], "o": ["p": "q"]]
        #expect(value["s"]?.stringValue == "x")
        #expect(value["n"]?.numberValue == 1.5)
        #expect(value["b"]?.boolValue == false)
        #expect(value["z"]?.isNull == true)
        #expect(value["a"]?.arrayValue == [1, 2])
        #expect(value["o"]?.objectValue == ["p": "q"])
        #expect(value["a"]?[1] == 2)
        #expect(value["a"]?[2] == nil)
        #expect(value["a"]?[-1] == nil)
        #expect(value["missing"] == nil)
        #expect(value["s"]?.numberValue == nil)
        #expect(value["n"]?.stringValue == nil)
        #expect(value["s"]?.boolValue == nil)
        #expect(value["s"]?.arrayValue == nil)
        #expect(value["s"]?.objectValue == nil)
        #expect(value["s"]?.isNull == false)
        #expect(value["s"]?["key"] == nil)
        #expect(value[0] == nil)
    }

    @Test("equal values hash equally")
    func hashing() {
        let first: JSONValue = ["a": [1, "b"], "c": nil]
        let second: JSONValue = ["c": nil, "a": [1, "b"]]
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
    }
}
