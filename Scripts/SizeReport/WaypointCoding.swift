// The WaypointCoding program of `./dev size`: the router-only program's route, and a link
// whose query carries a Codable value, written with `JSONValue(encoding:)` into the query
// and read back with `decode(_:)`.
import Foundation
import Waypoint
import WaypointCoding

struct Word: Codable {
    var text: String
}

let r = Router()
try r.register("/say/:word") { link in
    let word = try? link.queryParameters["word"]?.decode(Word.self)
    print(word?.text ?? "")
}
let payload = try JSONValue(encoding: Word(text: "hi")).jsonString
var components = URLComponents(string: "https://h/say/it")!
components.queryItems = [
    URLQueryItem(name: "word", value: payload),
    URLQueryItem(name: "dpl:json-encoded-fields", value: #"["word"]"#),
]
r.handle(components.url!)
