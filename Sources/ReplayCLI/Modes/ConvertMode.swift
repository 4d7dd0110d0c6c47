import TimeTravel

/// `replay FILE --convert`: the log as a replay log (JSON Lines) on stdout, whatever
/// format it was read from (see `LogConversion`).
enum ConvertMode {
  /// Bytes gathered before each write to stdout.
  static let chunk = 1 << 20

  static func run(_ context: Context) throws -> Int32 {
    let log = context.log
    var out: [UInt8] = []
    JSONPrinter.compact.write(LogConversion.header(of: log), to: &out)
    out.append(0x0A)
    try log.forEachEntry { (entry) throws(LogError) in
      JSONPrinter.compact.write(LogConversion.line(entry), to: &out)
      out.append(0x0A)
      if out.count >= chunk {
        context.io.out(String(decoding: out, as: UTF8.self))
        out.removeAll(keepingCapacity: true)
      }
    }
    context.io.out(String(decoding: out, as: UTF8.self))
    return ExitCode.success
  }
}
