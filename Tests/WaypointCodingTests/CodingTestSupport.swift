import Foundation
import Testing

/// What the coding tests share.
enum CodingTestSupport {
    /// The URL of `string`, which the test requires to parse.
    static func url(_ string: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(URL(string: string), sourceLocation: sourceLocation)
    }
}
