// The WaypointCoding program of `./dev size`: the router-only program's route, and a link
// whose query carries a Codable value, written with `JSONValue(encoding:)` and read back
// with `decode(_:)`.
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
var builder = DeepLinkBuilder(string: "https://h/say/it")!
builder["word"] = try JSONValue(encoding: Word(text: "hi"))
r.handle(builder.url!)
