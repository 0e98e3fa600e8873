#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fuzz targets: each names a directory under `Fuzz/corpus` and `Fuzz/crashers`, a
/// libFuzzer entry point under `Fuzz/Targets`, and the check that both the fuzzer and the
/// test suite run on every input.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// ``RouteCompilerCheck``.
    case routeCompiler = "route-compiler"
    /// ``URLMatcherCheck``.
    case urlMatcher = "url-matcher"
    /// ``QueryParserCheck``.
    case queryParser = "query-parser"
    /// ``JSONCheck``.
    case json = "json"
    /// ``LinkBuilderCheck``.
    case linkBuilder = "link-builder"
    /// ``DetourCheck``.
    case detourPipeline = "detour-pipeline"
    /// ``PaylisherCheck``.
    case paylisherParser = "paylisher-parser"

    /// Runs the target's check on `data`.
    ///
    /// - Throws: the first invariant the input breaks.
    public func check(_ data: [UInt8]) throws(FuzzViolation) {
        switch self {
        case .routeCompiler: try RouteCompilerCheck.check(data)
        case .urlMatcher: try URLMatcherCheck.check(data)
        case .queryParser: try QueryParserCheck.check(data)
        case .json: try JSONCheck.check(data)
        case .linkBuilder: try LinkBuilderCheck.check(data)
        case .detourPipeline: try DetourCheck.check(data)
        case .paylisherParser: try PaylisherCheck.check(data)
        }
    }

    /// The body of a libFuzzer `LLVMFuzzerTestOneInput`: runs the check and, when an
    /// invariant breaks, prints it and aborts, so libFuzzer saves the input as a crasher.
    public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
        do {
            try check(Array(UnsafeBufferPointer(start: data, count: size)))
        } catch {
            let message = "\nwaypoint-fuzz \(rawValue): invariant broken: \(error)\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            abort()
        }
        return 0
    }
}
