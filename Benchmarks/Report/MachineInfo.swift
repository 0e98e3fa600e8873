import Foundation

/// The machine and build the figures come from.
struct MachineInfo: Codable {
    /// The operating system, as Foundation names it.
    var system: String
    /// The processor model (`/proc/cpuinfo`), or the architecture.
    var processor: String
    /// Active processor cores.
    var cores: Int
    /// `release` or `debug`.
    var build: String
    /// Whether heap allocations are counted (glibc only).
    var countsAllocations: Bool

    /// The machine this process runs on.
    static var current: MachineInfo {
        var processor = "unknown"
        #if arch(x86_64)
            processor = "x86_64"
        #elseif arch(arm64)
            processor = "arm64"
        #endif
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        {
            processor = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        #if DEBUG
            let build = "debug"
        #else
            let build = "release"
        #endif
        return MachineInfo(
            system: ProcessInfo.processInfo.operatingSystemVersionString, processor: processor,
            cores: ProcessInfo.processInfo.activeProcessorCount, build: build,
            countsAllocations: AllocationCounter.isWorking)
    }
}
