import Foundation

#if os(iOS) || os(tvOS)
    import UIKit
#endif
#if canImport(WebKit)
    import WebKit
#endif

/// The default device information: UIKit (iOS, tvOS) and WebKit, the host on macOS, and on Linux
/// platform `linux`, model and manufacturer `unknown`, the kernel-reported OS version,
/// a 0×0 screen at scale 1 and an empty user agent.
public struct DetourSystemDeviceInfo: DetourDeviceInfoProvider {
    /// Creates the provider.
    public init() {}

    /// `ios`, `macos` or `linux`.
    public var platform: String {
        #if os(iOS) || os(tvOS) || os(visionOS)
            "ios"
        #elseif os(macOS)
            "macos"
        #else
            "linux"
        #endif
    }

    /// Reads the device, screen, locale and time zone.
    public func deviceInfo() async -> DetourDeviceInfo {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        var info = DetourDeviceInfo(
            platform: platform, model: "unknown", manufacturer: "unknown",
            systemVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)",
            screenWidth: 0, screenHeight: 0, scale: 1, preferredLanguages: Locale.preferredLanguages,
            localeIdentifier: Locale.current.identifier, timeZoneIdentifier: TimeZone.current.identifier,
            userAgent: "")
        #if os(iOS) || os(tvOS)
            let device = await Self.uiKitDevice()
            info.model = device.model
            info.manufacturer = "Apple"
            info.systemVersion = device.systemVersion
            info.screenWidth = device.width
            info.screenHeight = device.height
            info.scale = device.scale
        #elseif os(macOS)
            info.model = "Mac"
            info.manufacturer = "Apple"
        #endif
        #if canImport(WebKit)
            info.userAgent = await Self.webKitUserAgent()
        #endif
        return info
    }

    #if os(iOS) || os(tvOS)
        /// The device and the screen of the app's first connected window scene (`UIScreen.main`
        /// is deprecated: a screen is found through a scene). Without a connected scene, as in
        /// a test host with no UI, the screen is 0×0 at the current traits' display scale.
        @MainActor
        private static func uiKitDevice() -> (
            model: String, systemVersion: String, width: Double, height: Double, scale: Double
        ) {
            let device = UIDevice.current
            let scene = UIApplication.shared.connectedScenes.lazy.compactMap { $0 as? UIWindowScene }.first
            guard let screen = scene?.screen else {
                return (
                    device.model, device.systemVersion, 0, 0, Double(UITraitCollection.current.displayScale)
                )
            }
            return (
                device.model, device.systemVersion, Double(screen.bounds.width), Double(screen.bounds.height),
                Double(screen.scale)
            )
        }
    #endif

    #if canImport(WebKit)
        /// The user agent of a fresh web view, or `""` when WebKit cannot report it.
        @MainActor
        private static func webKitUserAgent() async -> String {
            let webView = WKWebView(frame: .zero)
            let value = try? await webView.evaluateJavaScript("navigator.userAgent")
            return value as? String ?? ""
        }
    #endif
}
