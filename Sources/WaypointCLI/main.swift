#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

var console = Console()
let status = WaypointTool.run(Array(CommandLine.arguments.dropFirst()), console: &console)
console.flush()
exit(status.rawValue)
