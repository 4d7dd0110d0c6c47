import TimeTravelJSON

/// What the reads of a scan chunk's lines keep of the entry line before: its `next`, as
/// bytes in the chunk's buffer (validated when that line was read) and, for a projected
/// read, the value read from them.
///
/// Why: a recorder writes each entry's `prior` as the very bytes of the `next` before
/// it, so the `prior` of the next line is checked with one `memcmp` rather than validated
/// again (half the bytes of a scan), and, when it is read the way that `next` was, not
/// built again either. Bytes that differ (a broken chain, a first entry, a log whose
/// writer reorders keys) are read as usual.
///
/// A `next` read for nothing (as `--find` on an action reads it) is validated against the
/// `next` before it, with its outline (see `JSONCursor.skip(comparingWith:outline:)`):
/// one action changes a small part of the state, so most of its bytes are compared, not
/// validated.
///
/// One worker reads a chunk's lines in order; the memo lives as long as the chunk's
/// buffer, so its byte spans stay valid. Each remembered `next` names its entry's
/// position, and is used only by the entry right after it.
final class LineMemo {
  /// The `next` ``LogLine/rawEntry()`` last found: its entry's position and bytes.
  var rawNext: (position: Int, bytes: UnsafeBufferPointer<UInt8>)?
  /// The `next` ``LogLine/entry(reading:)`` last read: its entry's position, its bytes,
  /// how it was read and the value read.
  var projectedNext: ProjectedNext?
  /// The last entry projection read with and its line projection, built once a chunk
  /// rather than once a line.
  private var lineProjection: (entry: EntryProjection, line: JSONProjection)?

  /// `projection`'s ``EntryProjection/lineProjection``.
  func lineProjection(of projection: EntryProjection) -> JSONProjection {
    if let lineProjection, lineProjection.entry == projection { return lineProjection.line }
    let line = projection.lineProjection
    lineProjection = (projection, line)
    return line
  }

  /// Where the `action` of the line ``LogLine/entry(reading:)`` last read starts: its
  /// entry's position and the offset of the value in the line, for reading the whole
  /// action again (``LogLine/action()``) when the entry was read with less of it.
  var action: (position: Int, start: Int)?

  /// How many priors were compared with the `next` before rather than validated (what
  /// tests check).
  var repeatedPriors = 0

  /// How many `next`s were validated against the `next` before (what tests check).
  var referencedNexts = 0

  /// The storage of the outline before last, reused for the next one.
  var spareOutline = JSONOutline()

  /// The parts of the `next`s read so far, found again by their bytes (see
  /// `ProjectedValueCache`): the chunk's buffer outlives it.
  let values = ProjectedValueCache()

  struct ProjectedNext {
    var position: Int
    var bytes: UnsafeBufferPointer<UInt8>
    var projection: JSONProjection
    var value: JSONValue
    /// The outline of `bytes`, when they were skipped with one recorded: what the `next`
    /// after is validated against.
    var outline: JSONOutline? = nil

    /// A reference to these bytes for the `next` of the entry after, if outlined.
    var reference: JSONReference? {
      guard let outline else { return nil }
      return JSONReference(bytes: bytes, outline: outline)
    }
  }

  /// The outline of ``rawNext``'s bytes, recorded as they were read, when it is theirs;
  /// and the storage of the outline before it, reused for the next one.
  private var rawNextOutline: JSONOutline?
  private var spareRawOutline = JSONOutline()

  /// How ``LogLine/rawEntry()`` reads the `next` of the entry at `position`: against the
  /// raw `next` of the entry just before, when it was read with its outline.
  func rawComparison(before position: Int) -> EntryScanner.NextComparison {
    var reference: JSONReference?
    if let rawNext, rawNext.position == position - 1, let rawNextOutline {
      reference = JSONReference(bytes: rawNext.bytes, outline: rawNextOutline)
    }
    if reference != nil { referencedNexts += 1 }
    var outline = JSONOutline()
    swap(&outline, &spareRawOutline)
    return EntryScanner.NextComparison(reference: reference, outline: outline)
  }

  /// Keeps what reading the `next` of ``rawNext`` recorded, for the entry after.
  func keepRaw(_ comparison: EntryScanner.NextComparison?) {
    if let previous = rawNextOutline { spareRawOutline = previous }
    rawNextOutline = comparison.flatMap { $0.isOutlined ? $0.outline : nil }
  }

  /// The raw `next` of the entry just before `position`, if it was read.
  func rawNext(before position: Int) -> UnsafeBufferPointer<UInt8>? {
    guard let rawNext, rawNext.position == position - 1 else { return nil }
    return rawNext.bytes
  }

  /// The projected `next` of the entry just before `position`, if it was read.
  func projectedNext(before position: Int) -> ProjectedNext? {
    guard let projectedNext, projectedNext.position == position - 1 else { return nil }
    return projectedNext
  }
}
