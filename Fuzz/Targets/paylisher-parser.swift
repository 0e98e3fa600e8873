// libFuzzer entry point of the `paylisher-parser` target; compiled only by `Fuzz/run`.
import FuzzChecks

/// libFuzzer calls this once per input; a broken invariant aborts with its description.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzTarget.paylisherParser.fuzz(data, size)
}
