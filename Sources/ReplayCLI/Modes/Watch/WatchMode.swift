import TimeTravel

/// `replay LOG --watch PATH`: every entry that changed the value at PATH.
///
/// `--format json` streams: the array's records are printed as the scan consumes their
/// entries (``JSONArrayStream``), and the log's warnings, known when the scan that indexes
/// it ends, follow them on stderr. The text is held until the scan ends (``OutputSpool``),
/// as its heading counts the hits ("3 entries changed /filter:").
struct WatchMode: FollowableMode, ScanningMode {
  static let flag = Flag(
    names: ["--watch"], value: .text("PATH"),
    help:
      "Every entry that changed the value at PATH, with old and new values; for an object or array, each change inside it at its JSON Pointer, elements matched by id as --diff matches them. PATH is a jq path such as .todos[0].title, or a JSON Pointer such as /todos/0/title, also in the quoted form replay prints for keys with control characters (\"/a\\u0000b\"). With --why, what each link of the chain changed at PATH."
  )
  static let declaration = ModeDeclaration(
    WatchMode.self, flag: flag,
    options: [OptionFlags.filter, OptionFlags.follow, OptionFlags.until])

  /// The path as given: a jq path or a JSON Pointer.
  var path: String

  init(path: String) { self.path = path }
  init(_ arguments: ModeArguments) { path = arguments.values[0] }

  func runBeforeFollowing(_ context: Context) throws -> (code: Int32, report: FollowMode.Report) {
    let code = try run(context)
    return (code, try followReport(context))
  }

  func followReport(_ context: Context) throws -> FollowMode.Report {
    do {
      return .watch(try WatchPath.pointer(parsing: path))
    } catch {
      throw CommandError(code: ExitCode.usage, message: "--watch: \(error.message)")
    }
  }

  func run(_ context: Context) throws -> Int32 {
    let text = path
    let path: JSONPointer
    do {
      path = try WatchPath.pointer(parsing: text)
    } catch {
      throw CommandError(code: ExitCode.usage, message: "--watch: \(error.message)")
    }
    let restriction = try EntryFilter(
      context.options.filter, log: context.log, modules: context.options.modules)
    // Each entry is read on a worker only as far as the path and --where look, and its
    // hit rendered there.
    let reading = Watch.projection(at: path).union(restriction.projection)
    if context.options.format != .text {
      return try Self.streamJSON(context, at: path, reading: reading, restriction: restriction)
    }
    // The text waits in a spool (a file beyond 16 MB) until the heading can count the hits.
    let style = context.style
    let spool = OutputSpool()
    var progress = ProgressLine(io: context.io, total: context.log.entryCount, label: "watching")
    let options = context.diffOptions
    try context.log.scan { line -> [UInt8]? in
      let entry = try line.entry(reading: reading)
      // The text shows what changed inside a container, diffed from the line's bytes:
      // the unchanged elements are compared by bytes, never built.
      guard let (hit, changes) = Watch.hitWithChanges(entry, at: path, options: options),
        try restriction.includes(entry)
      else { return nil }
      return Array(WatchOutput.line(hit, at: path, changes: changes, style).utf8)
    } consume: { position, item in
      progress.update(position)
      if let item { spool.append(item) }
      return true
    }
    progress.finish()
    context.openingWarnings.say()
    context.io.out(WatchOutput.heading(path, count: spool.count))
    spool.write(to: context.io)
    return spool.count == 0 ? ExitCode.notFound : ExitCode.success
  }

  /// `--format json`: the hits' records printed as the scan consumes them
  /// (``JSONArrayStream``), each rendered on the worker that read its entry. A progress
  /// line shows only when standard output is no terminal: there the records are the
  /// progress.
  private static func streamJSON(
    _ context: Context, at path: JSONPointer, reading: EntryProjection, restriction: EntryFilter
  ) throws -> Int32 {
    var progress =
      context.io.isTerminal
      ? nil : ProgressLine(io: context.io, total: context.log.entryCount, label: "watching")
    let stream = JSONArrayStream(context.io)
    try stream.run {
      try context.log.scan { line -> [UInt8]? in
        let entry = try line.entry(reading: reading)
        guard let hit = Watch.hit(entry, at: path), try restriction.includes(entry) else {
          return nil
        }
        return try JSONArrayStream.item { try WatchOutput.writeJSON(hit, to: &$0) }
      } consume: { position, item in
        progress?.update(position)
        if let item { stream.append(item) }
        return true
      }
      progress?.finish()
    }
    return stream.count == 0 ? ExitCode.notFound : ExitCode.success
  }
}
