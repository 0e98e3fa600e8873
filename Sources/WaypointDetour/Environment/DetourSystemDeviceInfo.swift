import Foundation
import Waypoint

/// The default device information: UIKit (iOS, tvOS) and WebKit, the host on macOS, and on Linux
/// platform `linux`, model and manufacturer `unknown`, the kernel-reported OS version,
/// a 0×0 screen at scale 1 and an empty user agent.
///
/// Only the fields deferred matching sends are read (``DetourConfig/fingerprintFields``), and
/// the WebKit user agent is read at most once per process, the first time a request sends it.
///
/// The screen comes from the window scenes the app hands over, since `UIApplication.shared`
/// is unavailable in app extensions: in an app, set
/// `DetourEnvironment.current.device = DetourSystemDeviceInfo.connectedScenes()`, or give
/// `init(windowScenes:)` (Apple platforms) the scenes you have. Without scenes the screen is 0×0 at the
/// current display scale.
public struct DetourSystemDeviceInfo: DetourDeviceInfoProvider {
    private let reader: DetourPlatformReader
    private let sceneScreens: (@MainActor @Sendable () -> [DetourSceneScreen])?
    private let userAgent: DetourReadOnce<String>?

    /// Creates the provider, without a screen (see the type's discussion).
    public init() {
        self.init(reader: .system, sceneScreens: nil, userAgent: Self.processUserAgent)
    }

    /// Creates a provider over `reader`'s SDK calls, the screens of the scenes `sceneScreens`
    /// lists and a user agent read at most once by `userAgent`.
    package init(
        reader: DetourPlatformReader, sceneScreens: (@MainActor @Sendable () -> [DetourSceneScreen])?,
        userAgent: DetourReadOnce<String>?
    ) {
        self.reader = reader
        self.sceneScreens = sceneScreens
        self.userAgent = userAgent
    }

    /// The one user agent of the process, read on first demand.
    package static let processUserAgent = DetourPlatformReader.system.userAgent.map { read in
        DetourReadOnce { await read() }
    }

    /// `ios`, `macos` or `linux`.
    public var platform: String {
        reader.platform
    }

    /// Reads the device, screen, locale, time zone and user agent.
    public func deviceInfo() async -> DetourDeviceInfo {
        await deviceInfo(reading: .all)
    }

    /// Reads only `fields`: the others keep their Linux defaults (they are sent empty).
    public func deviceInfo(reading fields: DetourFingerprintFields) async -> DetourDeviceInfo {
        var info = DetourDeviceInfo(
            platform: platform, model: "unknown", manufacturer: "unknown", systemVersion: "",
            screenWidth: 0, screenHeight: 0, scale: 1, preferredLanguages: [], localeIdentifier: "",
            timeZoneIdentifier: "", userAgent: "")
        if !fields.isDisjoint(with: [.model, .systemVersion]) {
            let version = ProcessInfo.processInfo.operatingSystemVersion
            info.systemVersion = "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
            if let device = await reader.device?() {
                info.model = device.model
                info.manufacturer = device.manufacturer
                info.systemVersion = device.systemVersion ?? info.systemVersion
            }
        }
        if fields.contains(.screen) {
            if let screen = await screen() {
                info.screenWidth = screen.width
                info.screenHeight = screen.height
                info.scale = screen.scale
            } else if let scale = await reader.displayScale?() {
                info.scale = scale
            }
        }
        if fields.contains(.languages) {
            info.preferredLanguages = Locale.preferredLanguages
            info.localeIdentifier = Locale.current.identifier
        }
        if fields.contains(.timeZone) {
            info.timeZoneIdentifier = TimeZone.current.identifier
        }
        if fields.contains(.userAgent), let userAgent {
            info.userAgent = await userAgent.value()
        }
        return info
    }

    /// The screen of the scene ``DetourSceneScreen/choose(from:)`` picks, or nil.
    private func screen() async -> DetourSceneScreen? {
        guard let sceneScreens else { return nil }
        return await DetourSceneScreen.choose(from: sceneScreens())
    }
}

/// A window scene's activation state, as UIKit reports it.
package enum DetourSceneActivation: Int, Sendable, Comparable {
    /// On screen and receiving events.
    case foregroundActive
    /// On screen, not receiving events.
    case foregroundInactive
    /// Off screen.
    case background
    /// Not connected to the app's UI yet.
    case unattached

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One window scene's screen, reduced to what the fingerprint sends.
package struct DetourSceneScreen: Sendable, Hashable {
    package var activation: DetourSceneActivation
    /// Width in points.
    package var width: Double
    /// Height in points.
    package var height: Double
    /// Pixels per point.
    package var scale: Double

    package init(activation: DetourSceneActivation, width: Double, height: Double, scale: Double) {
        self.activation = activation
        self.width = width
        self.height = height
        self.scale = scale
    }

    /// The screen the fingerprint describes: the scene the user most likely looks at, the
    /// first foreground-active one, else the first foreground-inactive, background, then
    /// unattached one, in the order given. Nil when there is none.
    package static func choose(from screens: [DetourSceneScreen]) -> DetourSceneScreen? {
        screens.enumerated().min { ($0.element.activation, $0.offset) < ($1.element.activation, $1.offset) }?
            .element
    }
}

/// The device as the platform's SDK reports it.
package struct DetourDeviceModel: Sendable, Hashable {
    package var model: String
    package var manufacturer: String
    /// Nil: the version `ProcessInfo` reports.
    package var systemVersion: String?

    package init(model: String, manufacturer: String, systemVersion: String?) {
        self.model = model
        self.manufacturer = manufacturer
        self.systemVersion = systemVersion
    }
}

/// The platform SDK calls behind ``DetourSystemDeviceInfo``: each is nil where the platform
/// has none. `DetourPlatformReader+Apple.swift` fills them on Apple platforms; the decisions
/// (which fields are read, which scene counts, when the user agent is read) stay here.
package struct DetourPlatformReader: Sendable {
    /// `ios`, `macos` or `linux`.
    package var platform: String
    /// The device model and system version.
    package var device: (@MainActor @Sendable () -> DetourDeviceModel)?
    /// The display scale when no scene has a screen.
    package var displayScale: (@MainActor @Sendable () -> Double)?
    /// Reads the user agent (WebKit); called through a ``DetourReadOnce``.
    package var userAgent: (@MainActor @Sendable () async -> String)?

    package init(
        platform: String, device: (@MainActor @Sendable () -> DetourDeviceModel)? = nil,
        displayScale: (@MainActor @Sendable () -> Double)? = nil,
        userAgent: (@MainActor @Sendable () async -> String)? = nil
    ) {
        self.platform = platform
        self.device = device
        self.displayScale = displayScale
        self.userAgent = userAgent
    }
}

#if !canImport(Darwin)
    extension DetourPlatformReader {
        /// Linux: no device, screen or user agent to read.
        package static let system = DetourPlatformReader(platform: "linux")
    }
#endif

/// A value read at most once, on first demand; callers that ask while the read runs wait for
/// that same read. The read runs in its own task, so a caller's cancellation does not cut it
/// short for the others.
package final class DetourReadOnce<Value: Sendable>: Sendable {
    private let read: @Sendable () async -> Value
    private let task = Locked<Task<Value, Never>?>(nil)

    package init(_ read: @escaping @Sendable () async -> Value) {
        self.read = read
    }

    /// The value, read now if no caller asked before.
    package func value() async -> Value {
        let read = self.read
        let task = task.withLock { stored in
            if let stored { return stored }
            let created = Task { await read() }
            stored = created
            return created
        }
        return await task.value
    }
}
