/// Who changed a value: the dispatch sites of the entries that changed it, ranked by how
/// many entries each accounts for, as `git blame` names the commit behind each line.
///
/// Feed it every entry that changed the value (a ``Watch/hit(_:at:)``); entries without
/// a `site` (a log written before sites, or by a writer that records none) are grouped by
/// action name instead, and ``groupsByAction`` says so. Tallies of parts of a log merge
/// (``merge(_:)``), so a parallel scan can tally each part on its own.
public struct Blame: Sendable, Equatable {
  /// One site (or, without sites, one action name) and the entries it accounts for.
  public struct Culprit: Sendable, Equatable {
    /// The dispatch site; `nil` when the entries have none.
    public var site: LogSite?
    /// The action name the entries are grouped by when they have no site.
    public var action: String?
    /// The effect that sent the entries from this site (their `origin.effect`), when the
    /// site is inside one.
    public var effect: String?
    /// How many entries changed the value from here.
    public var entries: Int
    /// The first of them, by number.
    public var first: Int
    /// The last of them, by number.
    public var last: Int
  }

  private enum Key: Hashable, Sendable {
    case site(LogSite)
    case action(String)
  }

  private var culprits: [Key: Culprit] = [:]

  /// An empty tally.
  public init() {}

  /// What the tally keeps of an entry that changed the value: its seq, its site, its
  /// action's name and the effect that sent it. A scan's workers make them from the
  /// entries they read, and the tally adds them in log order.
  public struct Mark: Sendable, Equatable {
    /// The entry's `seq`.
    public var seq: Int
    /// Its dispatch site, if recorded.
    public var site: LogSite?
    /// Its action's name.
    public var actionName: String
    /// The effect that sent it (`origin.effect`), if one did.
    public var effect: String?

    /// The mark of `entry`.
    ///
    /// - Parameter entry: An entry that changed the value; read with its `site` and
    ///   `origin` members at least.
    public init(_ entry: LogEntry) {
      seq = entry.seq
      site = entry.site
      actionName = entry.actionName
      effect = entry.origin?.effect
    }
  }

  /// Counts `entry`, which changed the value, for its site or its action's name.
  ///
  /// - Parameter entry: An entry that changed the value.
  /// - Complexity: O(1) amortized.
  public mutating func add(_ entry: LogEntry) { add(Mark(entry)) }

  /// Counts the entry `mark` stands for, for its site or its action's name.
  ///
  /// - Parameter mark: The mark of an entry that changed the value.
  /// - Complexity: O(1) amortized.
  public mutating func add(_ mark: Mark) {
    let site = mark.site
    let key = site.map(Key.site) ?? .action(mark.actionName)
    if var culprit = culprits[key] {
      culprit.entries += 1
      culprit.first = min(culprit.first, mark.seq)
      culprit.last = max(culprit.last, mark.seq)
      if culprit.effect == nil { culprit.effect = mark.effect }
      culprits[key] = culprit
    } else {
      culprits[key] = Culprit(
        site: site, action: site == nil ? mark.actionName : nil, effect: mark.effect,
        entries: 1, first: mark.seq, last: mark.seq)
    }
  }

  /// Adds the tally of another part of the log.
  ///
  /// - Parameter other: A tally of entries this one has not counted.
  public mutating func merge(_ other: Blame) {
    for (key, theirs) in other.culprits {
      guard var ours = culprits[key] else {
        culprits[key] = theirs
        continue
      }
      ours.entries += theirs.entries
      if theirs.first < ours.first {
        (ours.first, ours.effect) = (theirs.first, theirs.effect ?? ours.effect)
      }
      ours.last = max(ours.last, theirs.last)
      if ours.effect == nil { ours.effect = theirs.effect }
      culprits[key] = ours
    }
  }

  /// The culprits, most entries first; ties by first entry.
  public var ranked: [Culprit] {
    culprits.values.sorted { ($1.entries, $0.first) < ($0.entries, $1.first) }
  }

  /// How many entries were counted.
  public var entryCount: Int { culprits.values.reduce(0) { $0 + $1.entries } }

  /// Whether some entries had no site, and were grouped by action name.
  public var groupsByAction: Bool {
    culprits.keys.contains { if case .action = $0 { true } else { false } }
  }
}
