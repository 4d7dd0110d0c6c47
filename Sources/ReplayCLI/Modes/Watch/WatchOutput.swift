import TimeTravel

/// What `--watch PATH` reports: each entry that changed the value at the path, with the
/// value before and after it.
struct WatchOutput: ModeOutput {
  var path: JSONPointer
  var hits: [Watch.Hit]

  /// A hit as the JSON record lists it: `--find`'s record of its entry (`{seq,
  /// recordedSeq?, time?, action, actionName, …}`) with the value before and after,
  /// `{…, old?, new?, origin?, site?}`, a side absent where the path did not exist, the
  /// entry's `origin` and `site` as written.
  struct HitRecord: Encodable {
    var seq: Int
    var recordedSeq: Int?
    var time: String?
    var action: JSONValue
    var actionName: String
    var old: JSONValue?
    var new: JSONValue?
    var origin: JSONValue?
    var site: JSONValue?

    init(_ hit: Watch.Hit) {
      (seq, recordedSeq, time) = (hit.seq, hit.recordedSeq, hit.time)
      (action, actionName) = (hit.action, ActionName.of(hit.action))
      (old, new, origin, site) = (hit.old, hit.new, hit.origin, hit.site)
    }
  }

  var record: [HitRecord] { hits.map(HitRecord.init) }

  var exitCode: Int32 { hits.isEmpty ? ExitCode.notFound : ExitCode.success }

  func text(_ style: TextStyle) -> String {
    var text = Self.heading(path, count: hits.count)
    for hit in hits { text += Self.line(hit, at: path, style) }
    return text
  }

  /// "no entry changed /count", "1 entry changed /count:", "3 entries changed …:".
  static func heading(_ path: JSONPointer, count: Int) -> String {
    let shown = path.tokens.isEmpty ? "the whole state" : path.displayText
    return count == 0
      ? "no entry changed \(shown)\n"
      : "\(count) \(count == 1 ? "entry" : "entries") changed \(shown):\n"
  }

  /// One hit's text: a line naming the entry and, when the value at `path` was replaced
  /// whole (a side absent, or not a container of one kind on both sides), both values,
  /// abbreviated around their first difference:
  ///
  /// ```
  ///   entry 3 (setFilter) {"filter":"active"}: "all" → "active" — from …
  /// ```
  ///
  /// When a container changed inside, the count of changes instead, and below it one
  /// line per change at its JSON Pointer (``DiffTextRenderer/renderLines(_:)``), array
  /// elements matched by id as `--diff` matches them:
  ///
  /// ```
  ///   entry 22 (toggleTodo) {"id":"todo-013"}: 1 change — from …
  ///     ~ /todos/12/isCompleted: false → true
  /// ```
  ///
  /// `changes` are the changes inside the value, relative to `path`, as
  /// ``Watch/hitWithChanges(_:at:options:)`` gives them; computed here when `nil`.
  static func line(
    _ hit: Watch.Hit, at path: JSONPointer, changes: [JSONChange]? = nil, _ style: TextStyle
  ) -> String {
    let entry =
      "  entry \(hit.seq) (\(style.name(hit.action)))\(style.payload(hit.action)): "
    let provenance = style.provenance(site: hit.site, origin: hit.origin)
    let change = Self.change(from: hit.old, to: hit.new, at: path, changes: changes, style)
    var text = entry + change.summary + provenance + "\n"
    for line in change.lines { text += "    " + line + "\n" }
    return text
  }

  /// What changed at `path` from `old` to `new` (a side `nil` where the path did not
  /// exist), as every listing of a watched path shows it (`--watch`, the stepper's `watch`
  /// and `rwatch`, `--why --watch`): when the value was replaced whole (a side absent, or
  /// not a container of one kind on both sides), `summary` holds both values abbreviated
  /// around their first difference (`"all" → "active"`) and `lines` is empty; when a
  /// container changed inside, `summary` counts the changes (`1 change`) and `lines` has
  /// one line per change at its JSON Pointer below `path`
  /// (`~ /todos/12/isCompleted: false → true`), array elements matched by id as `--diff`
  /// matches them with `options`.
  ///
  /// `changes` are the changes inside the value, relative to `path`, as
  /// ``Watch/hitWithChanges(_:at:options:)`` gives them; computed here when `nil`.
  static func change(
    from old: JSONValue?, to new: JSONValue?, at path: JSONPointer,
    changes: [JSONChange]? = nil, options: DiffOptions = .init(), _ style: TextStyle
  ) -> (summary: String, lines: [String]) {
    guard let changes = changes ?? Self.changesInside(old, new, options: options),
      !changes.isEmpty
    else {
      let (old, new) = style.abbreviated(old, new)
      return ("\(old) → \(new)", [])
    }
    let placed = changes.map { $0.placed(below: path) }
    return (
      "\(changes.count) \(changes.count == 1 ? "change" : "changes")",
      style.renderer.renderLines(placed)
    )
  }

  /// The changes inside a value when it is a container of one kind on both sides.
  private static func changesInside(
    _ old: JSONValue?, _ new: JSONValue?, options: DiffOptions
  ) -> [JSONChange]? {
    switch (old, new) {
    case (.array(let old), .array(let new)):
      JSONDiff.lazyChanges(from: .array(old), to: .array(new), options: options)
    case (.object(let old), .object(let new)):
      JSONDiff.lazyChanges(from: .object(old), to: .object(new), options: options)
    default: nil
    }
  }

  /// Appends one hit's JSON record, compact (an element of the record's array), to `out`.
  /// - Throws: `EncodingError` for a number JSON cannot hold (none a log holds).
  static func writeJSON(_ hit: Watch.Hit, to out: inout [UInt8]) throws {
    JSONPrinter.compact.write(try JSONValueEncoder().encode(HitRecord(hit)), to: &out)
  }
}
