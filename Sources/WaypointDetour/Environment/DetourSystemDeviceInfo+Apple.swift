// The SDK calls behind DetourSystemDeviceInfo; what is read when, and which scene counts, is
// decided in DetourSystemDeviceInfo.swift. Nothing here is unavailable in app extensions
// except `connectedScenes()`, which says so.
#if canImport(Darwin)
    import Foundation
    #if os(iOS) || os(tvOS)
        import UIKit
    #endif
    #if canImport(WebKit)
        import WebKit
    #endif

    extension DetourPlatformReader {
        /// This platform's SDK calls.
        package static let system = DetourPlatformReader(
            platform: systemPlatform, device: systemDevice, displayScale: systemDisplayScale,
            userAgent: systemUserAgent)

        private static var systemPlatform: String {
            #if os(iOS) || os(tvOS) || os(visionOS)
                "ios"
            #elseif os(macOS)
                "macos"
            #else
                "linux"
            #endif
        }

        private static var systemDevice: (@MainActor @Sendable () -> DetourDeviceModel)? {
            #if os(iOS) || os(tvOS)
                return {
                    DetourDeviceModel(
                        model: UIDevice.current.model, manufacturer: "Apple",
                        systemVersion: UIDevice.current.systemVersion)
                }
            #elseif os(macOS)
                return { DetourDeviceModel(model: "Mac", manufacturer: "Apple", systemVersion: nil) }
            #else
                return nil
            #endif
        }

        private static var systemDisplayScale: (@MainActor @Sendable () -> Double)? {
            #if os(iOS) || os(tvOS)
                return { Double(UITraitCollection.current.displayScale) }
            #else
                return nil
            #endif
        }

        /// `navigator.userAgent` of a fresh web view, or `""` when WebKit cannot report it.
        private static var systemUserAgent: (@MainActor @Sendable () async -> String)? {
            #if canImport(WebKit)
                return {
                    let webView = WKWebView(frame: .zero)
                    let value = try? await webView.evaluateJavaScript("navigator.userAgent")
                    return withExtendedLifetime(webView) { value as? String ?? "" }
                }
            #else
                return nil
            #endif
        }
    }

    #if os(iOS) || os(tvOS)
        extension DetourSystemDeviceInfo {
            /// A provider whose screen is that of one of the window scenes `windowScenes`
            /// returns when deferred matching runs (``DetourSceneScreen``'s choice: the
            /// foreground-active one first). Safe in app extensions.
            public init(windowScenes: @escaping @MainActor @Sendable () -> [UIScene]) {
                self.init(
                    reader: .system,
                    sceneScreens: {
                        windowScenes().compactMap { scene in
                            guard let windowScene = scene as? UIWindowScene else { return nil }
                            let activation: DetourSceneActivation =
                                switch scene.activationState {
                                case .foregroundActive: .foregroundActive
                                case .foregroundInactive: .foregroundInactive
                                case .background: .background
                                default: .unattached
                                }
                            let screen = windowScene.screen
                            return DetourSceneScreen(
                                activation: activation, width: Double(screen.bounds.width),
                                height: Double(screen.bounds.height), scale: Double(screen.scale))
                        }
                    }, userAgent: Self.processUserAgent)
            }

            /// A provider whose screen is that of the app's connected window scenes
            /// (`UIApplication.shared.connectedScenes`): what an app sets as
            /// `DetourEnvironment.current.device`. Unavailable in app extensions, which have no
            /// shared application; an extension passes its own scene to ``init(windowScenes:)``.
            @available(iOSApplicationExtension, unavailable)
            @available(macCatalystApplicationExtension, unavailable)
            @available(tvOSApplicationExtension, unavailable)
            public static func connectedScenes() -> DetourSystemDeviceInfo {
                DetourSystemDeviceInfo(windowScenes: { Array(UIApplication.shared.connectedScenes) })
            }
        }
    #endif
#endif
