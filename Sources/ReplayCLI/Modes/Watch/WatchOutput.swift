import TimeTravel

/// What `--watch PATH` reports: each entry that changed the value at the path, with the
/// value before and after it.
struct WatchOutput: ModeOutput {
  var path: JSONPointer
  var hits: [Watch.Hit]

  /// A hit as the JSON record lists it: `{seq, action, old?, new?, origin?, site?}`, a
  /// side absent where the path did not exist, the entry's `origin` and `site` as written.
  struct HitRecord: Encodable {
    var seq: Int
    var action: JSONValue
    var old: JSONValue?
    var new: JSONValue?
    var origin: JSONValue?
    var site: JSONValue?

    init(_ hit: Watch.Hit) {
      (seq, action, old, new) = (hit.seq, hit.action, hit.old, hit.new)
      (origin, site) = (hit.origin, hit.site)
    }
  }

  var record: [HitRecord] { hits.map(HitRecord.init) }

  var exitCode: Int32 { hits.isEmpty ? ExitCode.notFound : ExitCode.success }

  func text(_ style: TextStyle) -> String {
    let shown = path.tokens.isEmpty ? "the whole state" : path.displayText
    var text =
      hits.isEmpty
      ? "no entry changed \(shown)\n"
      : "\(hits.count) \(hits.count == 1 ? "entry" : "entries") changed \(shown):\n"
    for hit in hits {
      let (old, new) = style.abbreviated(hit.old, hit.new)
      text +=
        "  entry \(hit.seq) (\(style.name(hit.action)))\(style.payload(hit.action)): \(old) → \(new)\(style.provenance(site: hit.site, origin: hit.origin))\n"
    }
    return text
  }
}
