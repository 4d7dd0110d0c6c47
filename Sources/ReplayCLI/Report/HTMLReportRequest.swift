/// What `replay LOG --html FILE` was asked to write: the file and what the report
/// charts and marks.
struct HTMLReportRequest: Equatable {
  /// Where the report goes; `-` for standard output.
  var file: String
  /// `--plot PATH`, in order: JSON Pointers or jq expressions run on each state.
  var plots: [String] = []
  /// `--range A..B`: the window of seqs the report covers; `nil` for the whole log.
  var range: SeqRange?
  /// `--predicate EXPR`: the states it holds on are marked, with bisect's first bad entry.
  var predicate: String?
  /// `--find EXPR`: the entries it holds on are marked.
  var find: String?
  /// `--what-if EDIT…` or `--minimize`: the report is of that history, beside the
  /// recording; `nil` for the recording alone.
  var edited: EditedHistoryReport.Request?
}
