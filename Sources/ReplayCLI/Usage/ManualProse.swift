/// What the manual page says that `--help` does not: what replay is for, the
/// environment and files it reads, examples to run and related commands. The rest of
/// the page comes from the flag table and ``HelpProse``, as the help does.
enum ManualProse {
  /// An example command with what it does and how it ends.
  struct Example: Sendable {
    /// What the command does, as a sentence.
    var purpose: String
    /// Its words after `replay`; `session.jsonl` stands for the log.
    var arguments: [String]
    /// Shell syntax after the command (a redirection), not given to replay.
    var shell = ""
    /// The exit code it ends with on the README's fixture (see ``ExitCode``).
    var status: Int32 = ExitCode.success
  }

  /// The first paragraph of DESCRIPTION; ``HelpProse/naming`` follows.
  static let description = """
    replay opens a log that an app recorded as it ran: one JSON Lines entry per
    dispatched action, with the state before and after it, whichever app or language
    wrote it. It shows and diffs states, bisects to the first bad entry as git bisect
    does, watches a value, searches, steps backward and forward, verifies the log
    through a reducer, reproduces a crash, writes an HTML report and turns a session
    into a regression test. Given several logs, or a folder of them, the summary,
    --find and --watch read them all at once.
    """

  /// The variables replay reads, and the one it sets for `--run`.
  static let environment = HelpSection(
    title: "ENVIRONMENT",
    blocks: [
      .item(
        "NO_COLOR",
        """
        When set and not empty, --color=auto (the default) does not colour the
        output (no-color.org).
        """),
      .item(
        "REPLAY_HISTORY",
        """
        The file in which --step keeps its command history at a terminal, instead
        of ~/.replay_history; set and empty, no history file is kept.
        """),
      .item(
        "HOME",
        """
        Where ~/.replay_history is, when REPLAY_HISTORY is not set; without a HOME,
        no history file is kept.
        """),
      .item(
        "TERM",
        """
        At a terminal whose TERM is set and is not dumb, cons25 or emacs, --step
        edits its command line (history, Tab completion); otherwise it reads plain
        lines.
        """),
      .item(
        "REPLAY_THREADS",
        """
        How many threads read the log in a full scan (the summary, --find, --watch,
        --verify, --html, --convert), and with several logs how many logs are read
        at once, a positive integer; the machine's cores by default, and for any
        other value, which a warning names. 1 reads on one thread, in order. What
        is printed is the same for every count.
        """),
      .item(
        "REPLAY_SCAN_CHUNK_BYTES",
        """
        The bytes of lines each thread of a full scan reads at a time, a positive
        integer; 1048576 by default, and for any other value, which a warning names.
        """),
      .item(
        "REPLAY_INDEX_FIRST",
        """
        Set to 1, every log is indexed when it is opened. Otherwise the summary,
        --find, --watch and --blame index a log as their scan reads it, so that the
        file is read once; what is printed is the same either way, but the log's warnings
        follow the records --format json streams rather than come before them.
        """),
      .item(
        "REPLAY_TOKEN",
        """
        The token apps must send to --listen when --token is not given; set and
        empty, none is required (and only loopback can be listened on).
        """),
      .item(
        "REPLAY_STATE",
        """
        Set by replay in the environment of a --run command: the state it judges,
        init or an entry's seq.
        """),
      .text("EXPR sees replay's environment as $ENV and env, as in jq."),
    ])

  /// The files replay reads and writes besides the log and its outputs.
  static let files = HelpSection(
    title: "FILES",
    blocks: [
      .item(
        "~/.replay_history",
        """
        The command history of --step at a terminal, one command a line, oldest
        first, created with mode 0600 and cut back to its newest entries when it
        grows; REPLAY_HISTORY names another file.
        """)
    ])

  /// The examples, each run on the README's fixture by the tests.
  static let examples = [
    Example(
      purpose: "Entry count, time span, actions with counts and warnings of a log:",
      arguments: ["session.jsonl"]),
    Example(
      purpose:
        "The first entry after which a to-do's title is only white space, found by binary search:",
      arguments: [
        "session.jsonl", "--bisect", "--predicate", #"any(.todos[]; .title | test("^\\s*$"))"#,
      ]),
    Example(
      purpose: "What entry 117 changed, from its prior state to its next:",
      arguments: ["session.jsonl", "--diff", "117"]),
    Example(
      purpose: "Every entry among the first 40 that changed the filter:",
      arguments: ["session.jsonl", "--watch", "/filter", "--where", ".seq < 40"]),
    Example(
      purpose: "The recorded states checked through the registered reducer todo:",
      arguments: ["session.jsonl", "--verify", "--reducer", "todo"]),
    Example(
      purpose: "A Swift Testing test that replays entries 1 to 117 through it:",
      arguments: ["session.jsonl", "--emit-test", "--reducer", "todo", "--range", "1..117"],
      shell: "> ReplayTests.swift"),
  ]

  /// Related manual pages: name and section.
  static let seeAlso: [(name: String, section: Int)] = [("jq", 1), ("git-bisect", 1)]
}
