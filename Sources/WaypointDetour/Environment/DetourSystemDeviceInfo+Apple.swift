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
        package static let system: DetourPlatformReader = {
            #if os(iOS) || os(tvOS) || os(visionOS)
                var reader = DetourPlatformReader(platform: "ios")
            #elseif os(macOS)
                var reader = DetourPlatformReader(platform: "macos")
            #else
                var reader = DetourPlatformReader(platform: "linux")
            #endif
            #if os(iOS) || os(tvOS)
                reader.device = {
                    DetourDeviceModel(
                        model: UIDevice.current.model, manufacturer: "Apple",
                        systemVersion: UIDevice.current.systemVersion)
                }
                reader.displayScale = { Double(UITraitCollection.current.displayScale) }
            #elseif os(macOS)
                reader.device = { DetourDeviceModel(model: "Mac", manufacturer: "Apple", systemVersion: nil) }
            #endif
            #if canImport(WebKit)
                reader.userAgent = {
                    let value = try? await WKWebView(frame: .zero).evaluateJavaScript("navigator.userAgent")
                    return value as? String ?? ""
                }
            #endif
            return reader
        }()
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
