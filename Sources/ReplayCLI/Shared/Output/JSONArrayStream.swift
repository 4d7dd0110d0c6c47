/// A mode's `--format json` array printed as a scan finds its records: `[` at once, each
/// record (compact JSON bytes) as the scan consumes its entry, `]` and a newline at the
/// end, the bytes `JSONPrinter.compact` would print for the whole array. Nothing is held:
/// each record goes to the output as it comes, so memory is one record's, and Ctrl-C
/// leaves everything printed so far.
///
/// A scan that fails part-way ends the stream with ``abandon()``: the records printed
/// stay, the array is left open (then a newline), and the mode's error goes to stderr
/// with its exit code. An unclosed array is what a consumer cannot take for the whole
/// answer: `jq`, `JSON.parse` and every other whole-document parser reject it (jq:
/// "Unfinished JSON term"), while a streaming parser (`jq --stream`, ijson) still reads
/// the records before the error, as a torn last line of a JSON Lines log is always
/// detectable.
final class JSONArrayStream {
  private let io: any ReplayIO
  /// The number of records printed.
  private(set) var count = 0

  /// Starts the array on `io`'s standard output: prints `[`.
  init(_ io: any ReplayIO) {
    self.io = io
    io.out("[")
  }

  /// An item of the array: a comma, then the record `write` appends; made where the
  /// record is rendered (a scan's worker), so that ``append(_:)`` prints it with one
  /// write and no copy.
  static func item(_ write: (inout [UInt8]) throws -> Void) rethrows -> [UInt8] {
    var item: [UInt8] = [UInt8(ascii: ",")]
    try write(&item)
    return item
  }

  /// Prints one ``item(_:)``: the record, after its comma when it is not the first.
  func append(_ item: [UInt8]) {
    item.withUnsafeBytes { bytes in
      io.out(bytes: count == 0 ? UnsafeRawBufferPointer(rebasing: bytes.dropFirst()) : bytes)
    }
    count += 1
  }

  /// Ends the array: prints `]` and a newline.
  func close() { io.out("]\n") }

  /// Ends the output of a scan that failed: a newline after the records printed, the
  /// array left open.
  func abandon() { io.out("\n") }

  /// Runs `scan` with the stream open, then closes it; when `scan` throws, abandons the
  /// stream and rethrows.
  func run(_ scan: () throws -> Void) rethrows {
    do {
      try scan()
    } catch {
      abandon()
      throw error
    }
    close()
  }
}
