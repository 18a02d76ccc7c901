@_spi(SchemaDifferential) import BridgeSnapshot

/// Feeds arbitrary bytes to both schema validators: the streaming one the package uses and libxml2's, run
/// the way `xmllint --schema` runs it. Wherever the streaming validator judges a document itself, the two
/// verdicts (well-formed or not, valid or not, the line of the first problem) must be the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchemaDifferential(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let streaming = SchemaDifferential.streaming(bytes) else { return 0 }
    let libxml2 = SchemaDifferential.libxml2(bytes)
    if streaming != libxml2 {
        fatalError("the validators disagree: streaming \(streaming), libxml2 \(libxml2)")
    }
    return 0
}
