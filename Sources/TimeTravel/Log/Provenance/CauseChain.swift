import TimeTravelJSON

/// Why an entry happened: the chain of causes from the root action a person (or the
/// system) dispatched down to the entry, each link the entry its successor's `origin`
/// names (see ``LogFile/causeChain(ofEntry:)``).
public struct CauseChain: Sendable, Equatable {
  /// One entry of the chain.
  public struct Link: Sendable, Equatable {
    /// The entry's number.
    public var seq: Int
    /// Its 1-based file line.
    public var line: Int
    /// Its `time`, when recorded.
    public var time: String?
    /// Its action.
    public var action: JSONValue
    /// Where it was dispatched, when recorded.
    public var site: LogSite?
    /// Its `origin`; `nil` for the root.
    public var origin: LogOrigin?
    /// The effect run that sent it (between the link before and this one), when the log
    /// has the run's start record; `nil` for the root, or when only ``origin`` names it.
    public var effect: EffectRun?

    /// Creates a link.
    ///
    /// - Parameters:
    ///   - seq: The entry's number.
    ///   - line: Its file line.
    ///   - action: Its action.
    public init(seq: Int, line: Int, action: JSONValue) {
      self.seq = seq
      self.line = line
      self.action = action
    }

    /// The action's display name (see ``ActionName``).
    public var actionName: String { ActionName.of(action) }
  }

  /// The links, root first and the asked-for entry last; one link when that entry has no
  /// cause.
  public var links: [Link]
  /// Where the chain is broken, each naming its line: a cause that names no entry, a cause
  /// already on the chain (a cycle), a cause that does not come before what it causes, a
  /// site or origin that cannot be read. The chain stops at the first break.
  public var warnings: [LogWarning]

  /// Creates a chain.
  ///
  /// - Parameters:
  ///   - links: Root first.
  ///   - warnings: Where it is broken.
  public init(links: [Link], warnings: [LogWarning]) {
    self.links = links
    self.warnings = warnings
  }
}
