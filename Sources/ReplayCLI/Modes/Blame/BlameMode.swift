import TimeTravel

/// `replay LOG --blame PATH`: the dispatch sites whose entries changed the value at
/// PATH, ranked by how many entries, in one scan of the log (see `Blame`).
struct BlameMode: ScanningMode {
  static let declaration = ModeDeclaration(
    BlameMode.self,
    flag: Flag(
      names: ["--blame"], value: .text("PATH"),
      help:
        "The dispatch sites whose entries changed the value at PATH (a jq path or a JSON Pointer), ranked by how many entries, with the first and last of each and the effect a site is in. A log without sites is grouped by action name, and says so."
    ), options: [OptionFlags.range, OptionFlags.filter])

  /// The path as given.
  var path: String

  init(path: String) { self.path = path }
  init(_ arguments: ModeArguments) { path = arguments.values[0] }

  func run(_ context: Context) throws -> Int32 {
    let pointer: JSONPointer
    do {
      pointer = try WatchPath.pointer(parsing: path)
    } catch {
      throw CommandError(code: ExitCode.usage, message: "--blame: \(error.message)")
    }
    let log = context.log
    let range = context.options.range
    let restriction = try EntryFilter(
      context.options.filter, log: context.log, modules: context.options.modules)
    // One scan on every core (`LogFile.scan`): each line is read on a worker only as far
    // as the path, --where, the site and the origin look, and the tally is kept in log
    // order on this thread, so the ranking is the sequential one.
    let reading = Watch.projection(at: pointer).union(restriction.projection)
    var blame = Blame()
    var progress = ProgressLine(io: context.io, total: log.entryCount, label: "blaming")
    try log.scan { line -> Blame.Mark? in
      if let range, !range.contains(line.number) {
        return nil
      }
      let entry = try line.entry(reading: reading)
      guard Watch.hit(entry, at: pointer) != nil, try restriction.includes(entry) else {
        return nil
      }
      return Blame.Mark(entry)
    } consume: { position, mark in
      progress.update(position)
      if let mark { blame.add(mark) }
      return true
    }
    progress.finish()
    context.openingWarnings.say()
    return try context.emit(BlameOutput(path: pointer, range: range, blame: blame))
  }
}
