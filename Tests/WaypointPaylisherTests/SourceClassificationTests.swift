import Foundation
import Testing
import Waypoint

@testable import WaypointPaylisher

/// Source classification (spec §4), quirks included.
@Suite("Source classification")
struct SourceClassificationTests {
    struct SignalCase: CustomTestStringConvertible, Sendable {
        var signal: String
        var source: PaylisherCampaignSource
        var testDescription: String { "\(signal.debugDescription) → \(source)" }
    }

    static let signalCases: [SignalCase] = [
        .init(signal: "instagram", source: .instagram), .init(signal: "IG", source: .instagram),
        .init(signal: "com.burbn.instagram", source: .instagram), .init(signal: "igx", source: .unknown),
        .init(signal: "https://l.instagram.com/", source: .instagram),
        .init(signal: "facebook", source: .facebook), .init(signal: "Messenger", source: .facebook),
        .init(signal: "com.facebook.Katana", source: .facebook),
        .init(signal: "com.facebook.orca", source: .facebook),
        .init(signal: "orcas-island", source: .facebook), .init(signal: "fb", source: .facebook),
        .init(signal: "meta", source: .facebook), .init(signal: "metadata", source: .unknown),
        .init(signal: "fb.me", source: .facebook), .init(signal: "m.fb.com", source: .facebook),
        .init(signal: "https://fb.me/abc", source: .facebook), .init(signal: "notfb.me", source: .unknown),
        .init(signal: "tiktok", source: .tiktok), .init(signal: "com.zhiliaoapp.musically", source: .tiktok),
        .init(signal: "com.ss.iphone.ugc.trill", source: .tiktok), .init(signal: "TT", source: .tiktok),
        .init(signal: "twitter", source: .twitter), .init(signal: "com.atebits.Tweetie2", source: .twitter),
        .init(signal: "x", source: .twitter), .init(signal: "X", source: .twitter),
        .init(signal: "x.com", source: .twitter), .init(signal: "mobile.x.com", source: .twitter),
        .init(signal: "t.co", source: .twitter), .init(signal: "https://t.co/xyz", source: .twitter),
        .init(signal: "https://user@T.CO:443/xyz", source: .twitter),
        .init(signal: "box.com", source: .unknown), .init(signal: "discount.com", source: .unknown),
        .init(signal: "https://example.com/?r=t.co", source: .unknown),
        .init(signal: "qr", source: .qr), .init(signal: "QRCode", source: .qr),
        .init(signal: "qr_code", source: .qr),
        .init(signal: "poster-qr-code-2", source: .qr), .init(signal: "qr code", source: .unknown),
        .init(signal: "com.apple.mobilesafari", source: .direct),
        .init(signal: "com.google.chrome.ios", source: .direct),
        .init(signal: "org.mozilla.ios.Firefox", source: .direct),
        .init(signal: "com.apple.mobilemail", source: .direct),
        .init(signal: "com.apple.MobileSMS", source: .direct), .init(signal: "WhatsApp", source: .direct),
        .init(signal: "ph.telegra.Telegraph.telegram", source: .direct),
        .init(signal: "gmail", source: .direct),
        .init(signal: "mail", source: .direct), .init(signal: "sms", source: .direct),
        .init(signal: "browser", source: .direct), .init(signal: "website", source: .direct),
        .init(signal: "web", source: .direct), .init(signal: "direct", source: .direct),
        .init(signal: "email", source: .unknown), .init(signal: "push", source: .unknown),
        .init(signal: "newsletter", source: .unknown),
        .init(signal: " \n\tInstagram \u{00A0}", source: .instagram),
    ]

    @Test("one signal (§4 rules 1–5)", arguments: signalCases)
    func oneSignal(_ testCase: SignalCase) {
        #expect(PaylisherCampaignSource.classify(signals: [testCase.signal]) == testCase.source)
    }

    struct SignalsCase: CustomTestStringConvertible, Sendable {
        var query: String
        var platformHint: String?
        var source: PaylisherCampaignSource
        var testDescription: String { "\(query) hint=\(platformHint ?? "nil")" }
    }

    static let orderCases: [SignalsCase] = [
        .init(query: "", platformHint: nil, source: .direct),
        .init(query: "source=", platformHint: nil, source: .direct),
        .init(query: "source=&utm_source=instagram", platformHint: nil, source: .direct),
        .init(query: "source=%20&referrer=%0A", platformHint: "\t", source: .direct),
        .init(query: "source=email", platformHint: nil, source: .unknown),
        .init(query: "source=email&referrer=t.co", platformHint: nil, source: .twitter),
        .init(query: "source=sms&referrer=instagram", platformHint: nil, source: .direct),
        .init(query: "source=email", platformHint: "com.burbn.instagram", source: .instagram),
        .init(query: "referrer=push", platformHint: "com.apple.mobilesafari", source: .direct),
        .init(query: "", platformHint: "com.zhiliaoapp.musically", source: .tiktok),
        .init(query: "", platformHint: "com.example.unknown", source: .unknown),
        .init(query: "ref=https%3A%2F%2Ft.co%2Fabc", platformHint: nil, source: .twitter),
    ]

    @Test("signal order and blank signals (§4)", arguments: orderCases)
    func signalOrder(_ testCase: SignalsCase) throws {
        let url = try #require(URL(string: "yourapp://home?" + testCase.query))
        let link = try PaylisherDeepLink(url: url, platformHint: testCase.platformHint)
        #expect(link.canonicalSource == testCase.source)
    }

    @Test("raw values are the reported tokens")
    func rawValues() {
        #expect(
            PaylisherCampaignSource.allCases.map(\.rawValue)
                == ["instagram", "facebook", "twitter", "tiktok", "qr", "direct", "unknown"])
    }
}
