import TimeTravel

/// `replay FILE --convert`: the log as a replay log (JSON Lines) on stdout, whatever
/// format it was read from (see `LogConversion`).
struct ConvertMode: LogMode {
  static let declaration = ModeDeclaration(
    ConvertMode.self,
    flag: Flag(
      names: ["--convert"],
      help:
        "Write the log as a replay log (JSON Lines) to stdout, whatever its format. An action-only history gets its states with --reducer, and stays action-only without it."
    ), states: .actions)

  init() {}
  init(_ arguments: ModeArguments) {}

  /// Bytes gathered before each write to stdout.
  static let chunk = 1 << 20

  func run(_ context: Context) throws -> Int32 {
    let log = context.log
    var out: [UInt8] = []
    JSONPrinter.compact.write(LogConversion.header(of: log), to: &out)
    out.append(0x0A)
    // Each entry is read and printed on the scan's workers, and written here in order.
    try log.scan { line -> [UInt8] in
      var text: [UInt8] = []
      JSONPrinter.compact.write(LogConversion.line(try line.entry()), to: &text)
      text.append(0x0A)
      return text
    } consume: { _, text in
      out += text
      if out.count >= Self.chunk {
        context.io.out(String(decoding: out, as: UTF8.self))
        out.removeAll(keepingCapacity: true)
      }
      return true
    }
    context.io.out(String(decoding: out, as: UTF8.self))
    return ExitCode.success
  }
}
