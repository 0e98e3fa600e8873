// The baseline of `./dev size`: the router-only program's work without Waypoint. It makes
// the same Foundation `URL` and prints the same word, so the difference is what Waypoint adds.
import Foundation

let url = URL(string: "myapp://h/say/hi")!
print(url.lastPathComponent)
