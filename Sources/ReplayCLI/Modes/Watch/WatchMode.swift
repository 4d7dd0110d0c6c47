import TimeTravel

/// `replay LOG --watch PATH`: every entry that changed the value at PATH.
struct WatchMode: FollowableMode {
  static let flag = Flag(
    names: ["--watch"], value: .text("PATH"),
    help:
      "Every entry that changed the value at PATH, with old and new values. PATH is a jq path such as .todos[0].title, or a JSON Pointer such as /todos/0/title, also in the quoted form replay prints for keys with control characters (\"/a\\u0000b\"). With --why, what each link of the chain changed at PATH."
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
    return (code, .watch(try WatchPath.pointer(parsing: path)))
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
    var hits: [Watch.Hit] = []
    var progress = ProgressLine(io: context.io, total: context.log.entryCount, label: "watching")
    for position in context.log.positions {
      progress.update(position)
      let entry = try context.log.entry(position)
      if let hit = Watch.hit(entry, at: path), try restriction.includes(entry) { hits.append(hit) }
    }
    progress.finish()
    return try context.emit(WatchOutput(path: path, hits: hits))
  }
}
