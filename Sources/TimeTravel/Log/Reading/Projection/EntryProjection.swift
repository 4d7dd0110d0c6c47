import TimeTravelJSON

/// Which parts of an entry a reader looks at, so that ``LogFile/entry(_:reading:)`` and a
/// scan's ``LogLine/entry(reading:)`` build only those: the parts of `prior`, of `next`,
/// and of the entry's other members (``LogEntry/otherMembers``), and, when a reader asks
/// for less than all of it, of `action` (``action``). `seq` and `time` are always read
/// whole; they are small.
///
/// A state that is not read is `{}` (or `[]`, or the scalar it is) in the entry; a part
/// of it that is not read is left out or `null` (see `JSONProjection`). So an entry read
/// with a projection answers every question the projection covers as the whole entry
/// does: `--find '.action | has("addTodo")'` reads neither state, `--watch
/// /todos/7/done` reads one member of each.
public struct EntryProjection: Sendable, Hashable {
  /// The parts of `prior` read; `nil` when none is.
  public var prior: JSONProjection?
  /// The parts of `next` read; `nil` when none is.
  public var next: JSONProjection?
  /// The parts of the object of the other members read (``LogEntry/otherMembers``);
  /// `nil` when none is.
  public var otherMembers: JSONProjection?
  /// The parts of `action` read: whole unless set with ``readingAction(_:)``, which also
  /// reads what names the action (``ActionName/reading``). An action is a few hundred
  /// bytes, but building it is a sixth of what `--find '.action | has("addTodo")'` does
  /// with a line of 19 KB; such a reader reads a hit's whole action afterwards, from where
  /// the scan found it in the line's bytes.
  public private(set) var action: JSONProjection = .whole

  /// A projection of the parts given.
  public init(
    prior: JSONProjection? = nil, next: JSONProjection? = nil,
    otherMembers: JSONProjection? = nil
  ) {
    self.prior = prior
    self.next = next
    self.otherMembers = otherMembers
  }

  /// The whole entry.
  public static let everything = EntryProjection(
    prior: .whole, next: .whole, otherMembers: .whole)

  /// Whether every part is read whole: the ordinary, unprojected read.
  public var isEverything: Bool {
    prior?.isWhole == true && next?.isWhole == true && otherMembers?.isWhole == true
      && action.isWhole
  }

  /// This projection reading of `action` only what `part` names and what names it
  /// (``ActionName/reading``); all of it when `part` is whole. `nil` reads nothing of it
  /// but its name.
  public func readingAction(_ part: JSONProjection?) -> EntryProjection {
    var projection = self
    projection.action = part?.isWhole == true ? .whole : ActionName.reading.union(part ?? .nothing)
    return projection
  }

  /// The members of an entry line that are never projected.
  static let fixedMembers = ["seq", "time", "action", "patch", "prior", "next"]

  /// The projection of an entry as a jq program sees it, the object ``LogEntry/jsonValue``
  /// (`{seq, time, action, prior, next, …other members}`): what a reader of `projection`
  /// reads of each part.
  public init(entry projection: JSONProjection) {
    guard !projection.isWhole else {
      self = .everything
      return
    }
    prior = projection.member("prior")
    next = projection.member("next")
    let named = projection.namedKeys.filter { key in
      !Self.fixedMembers.contains(key) && key != "recordedSeq"
    }
    let unnamed = projection.readsUnnamedMembers ? projection.member("\u{0}") ?? .nothing : nil
    if named.isEmpty, unnamed == nil {
      otherMembers = nil
    } else {
      otherMembers = .members(
        named.map { (key: $0, part: projection.member($0) ?? .nothing) }, others: unnamed)
    }
  }

  /// What a reader of either projection reads.
  public func union(_ other: EntryProjection) -> EntryProjection {
    var union = EntryProjection(
      prior: Self.union(prior, other.prior), next: Self.union(next, other.next),
      otherMembers: Self.union(otherMembers, other.otherMembers))
    union.action = action.union(other.action)
    return union
  }

  private static func union(_ a: JSONProjection?, _ b: JSONProjection?) -> JSONProjection? {
    guard let a else { return b }
    guard let b else { return a }
    return a.union(b)
  }

  /// The projection of an entry's line: the fixed members whole or as projected, the
  /// others as ``otherMembers`` says.
  var lineProjection: JSONProjection {
    var named: [(key: String, part: JSONProjection)] = [
      ("seq", .whole), ("time", .whole), ("action", action), ("patch", .whole),
      ("prior", prior ?? .nothing), ("next", next ?? .nothing),
    ]
    var others: JSONProjection?
    if let otherMembers {
      if otherMembers.isWhole {
        others = .whole
      } else {
        for key in otherMembers.namedKeys where !Self.fixedMembers.contains(key) {
          named.append((key, otherMembers.member(key) ?? .nothing))
        }
        if otherMembers.readsUnnamedMembers { others = otherMembers.member("\u{0}") ?? .nothing }
      }
    }
    return .members(named, others: others)
  }
}
