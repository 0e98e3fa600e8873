import WaypointDetour

/// A device with the values of the fingerprint example in Documentation/spec/detour.md §6.
struct FixedDevice: DetourDeviceInfoProvider {
    var info = DetourDeviceInfo(
        platform: "ios", model: "iPhone", manufacturer: "Apple", systemVersion: "17.4", screenWidth: 393,
        screenHeight: 852, scale: 3, preferredLanguages: ["en-US", "pl-PL"], localeIdentifier: "en_US",
        timeZoneIdentifier: "Europe/Warsaw", userAgent: "Mozilla/5.0 (iPhone; test)")

    var platform: String { info.platform }

    func deviceInfo() async -> DetourDeviceInfo { info }
}
