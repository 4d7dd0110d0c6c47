/// What a summary counts as it reads entries: each action name's count, in order of
/// first appearance, and the first and last `time`.
///
/// Names are counted by their bytes (``ExactKey``): "é" and "e\u{301}" are two actions.
struct ActionTally {
  private var counts: [ExactKey: Int] = [:]
  private var order: [String] = []
  /// The first `time` seen, if any entry had one.
  private(set) var firstTime: String?
  /// The last `time` seen.
  private(set) var lastTime: String?

  /// Counts one entry with action `name` and `time`.
  mutating func add(name: String, time: String?) {
    if counts[ExactKey(name)] == nil { order.append(name) }
    counts[ExactKey(name), default: 0] += 1
    if let time {
      if firstTime == nil { firstTime = time }
      lastTime = time
    }
  }

  /// Each name with its count, most frequent first; ties in order of first appearance.
  var ranked: [(name: String, count: Int)] {
    order.enumerated()
      .sorted { a, b in
        let (ca, cb) = (counts[ExactKey(a.element)]!, counts[ExactKey(b.element)]!)
        return ca != cb ? ca > cb : a.offset < b.offset
      }
      .map { (name: $0.element, count: counts[ExactKey($0.element)]!) }
  }
}
