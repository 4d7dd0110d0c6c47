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
    try log.forEachEntry { (entry) throws(LogError) in
      JSONPrinter.compact.write(LogConversion.line(entry), to: &out)
      out.append(0x0A)
      if out.count >= Self.chunk {
        context.io.out(String(decoding: out, as: UTF8.self))
        out.removeAll(keepingCapacity: true)
      }
    }
    context.io.out(String(decoding: out, as: UTF8.self))
    return ExitCode.success
  }
}
