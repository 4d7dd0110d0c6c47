// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "replay",
  platforms: [.macOS(.v15), .iOS(.v18)],
  // What an app or a tool links, and the `replay` command. The samples, benchmarks and
  // the fixture generator are targets, not products.
  products: [
    .library(name: "TimeTravel", targets: ["TimeTravel"]),
    .library(name: "TimeTravelJSON", targets: ["TimeTravelJSON"]),
    .library(name: "TimeTravelDiff", targets: ["TimeTravelDiff"]),
    .library(name: "TimeTravelJQ", targets: ["TimeTravelJQ"]),
    .library(name: "TimeTravelTesting", targets: ["TimeTravelTesting"]),
    .library(name: "ReplayCLI", targets: ["ReplayCLI"]),
    .library(name: "ReplayLive", targets: ["ReplayLive"]),
    .executable(name: "replay", targets: ["replay"]),
  ],
  targets: [
    // JSON values with exact numbers and key bytes: parser, validating scan, printer,
    // and the recorder's direct-to-bytes encoder.
    .target(name: "TimeTravelJSON"),
    // Differences between JSON values: the id-aware diff and its renderings, JSON Patch
    // (RFC 6902) and JSON Pointer (RFC 6901).
    .target(name: "TimeTravelDiff", dependencies: ["TimeTravelJSON"]),
    // The jq language: lexer, parser, evaluator and builtins.
    .target(name: "TimeTravelJQ", dependencies: ["TimeTravelJSON"]),
    // Reducer core, effects, the log (recording and reading) and debugging (bisect,
    // watch, replay); re-exports TimeTravelJSON and TimeTravelDiff, whose types its API uses.
    .target(name: "TimeTravel", dependencies: ["TimeTravelJSON", "TimeTravelDiff"]),
    // The listener of live sessions (`replay --listen`): accepts streaming apps, saves each
    // session as a log, reports what comes, sends apps time-travel commands.
    .target(name: "ReplayLive", dependencies: ["TimeTravel"]),
    // Test helpers that record Swift Testing issues (TestStore); apps' test targets only.
    .target(name: "TimeTravelTesting", dependencies: ["TimeTravel"]),
    // The terminal line editor of the stepper's prompt: raw mode, key decoding, editing,
    // history, completion lists and display widths; it knows nothing of logs or jq.
    .target(name: "TerminalEditor", dependencies: ["TimeTravelJSON"]),
    // The command-line layer as a library, so tests and apps can call it.
    // Its HTML report's stylesheet and scripts (Report/Assets/) are compiled in by a build
    // plugin, so the binary needs no resource bundle beside it.
    .target(
      name: "ReplayCLI",
      dependencies: ["TimeTravel", "TimeTravelJQ", "TerminalEditor", "ReplayLive"],
      exclude: ["Report/Assets"], plugins: ["EmbedReportAssets"]),
    .executableTarget(name: "embed-report-assets"),
    .plugin(
      name: "EmbedReportAssets", capability: .buildTool(), dependencies: ["embed-report-assets"]),
    // The reducers `replay` registers, in one place for the executable and the tests.
    .target(
      name: "BundledReducers",
      dependencies: [
        "ReplayCLI", "TodoReducer", "LoginReducer", "CounterReducer", "SearchReducer",
      ]),
    // `replay` itself: the command line with the bundled reducers registered.
    .executableTarget(name: "replay", dependencies: ["ReplayCLI", "BundledReducers"]),
    // Prints replay's manual page, generated from the declarations of `--help`; the
    // Makefile installs it as replay.1 (`swift run replay-manual | man -l -`).
    .executableTarget(name: "replay-manual", dependencies: ["ReplayCLI", "BundledReducers"]),

    // The example to-do app from the MVI article, made pure; source of the fixtures.
    .target(name: "TodoReducer", dependencies: ["TimeTravel"]),
    // Examples/: a login form with an async effect and a password that must never be logged.
    .target(name: "LoginReducer", dependencies: ["TimeTravel"], path: "Examples/LoginReducer"),
    // Counters from Redux DevTools' and Elm's examples, to replay their exported histories.
    .target(
      name: "CounterReducer", dependencies: ["TimeTravel"], path: "Examples/CounterReducer"),
    // Search as you type, with the race of responses applied without checking the
    // current query; the sample for `replay --races`.
    .target(
      name: "SearchReducer", dependencies: ["TimeTravel"], path: "Examples/SearchReducer"),
    // The MVVM article's profile screen: a @MainActor view model with an actor data
    // manager and tasks it cancels, recorded without a reducer.
    .target(name: "ProfileSample", dependencies: ["TimeTravel"], path: "Examples/ProfileSample"),
    // Records the profile screen's scripted session: `swift run profile-sample`.
    .executableTarget(
      name: "profile-sample", dependencies: ["ProfileSample", "TimeTravel"],
      path: "Examples/profile-sample"),
    // A checkout whose payment effect refunds more than the total and whose price watch is
    // left running: where an action came from (`--why`, `--effects`, `--blame`).
    .target(
      name: "CheckoutSample", dependencies: ["TimeTravel"], path: "Examples/CheckoutSample"),
    // Records the checkout's scripted session: `swift run checkout-sample`.
    .executableTarget(
      name: "checkout-sample", dependencies: ["CheckoutSample"], path: "Examples/checkout-sample"),
    // The README's recording example as a program: an app that only records, and so
    // links neither the jq engine nor the CLI (`swift run counter-sample`).
    .executableTarget(
      name: "counter-sample", dependencies: ["TimeTravel"], path: "Examples/counter-sample"),
    // The live-session example: an app streaming to `replay --listen`, which the stepper
    // can move through time (`swift run live-sample 127.0.0.1:9000`).
    .executableTarget(
      name: "live-sample", dependencies: ["TimeTravel", "TodoReducer"],
      path: "Examples/live-sample"),

    // Regenerates Fixtures/ from scripted sessions: `swift run make-fixtures`.
    .executableTarget(
      name: "make-fixtures",
      dependencies: ["TimeTravel", "TodoReducer", "SearchReducer", "CheckoutSample"]),
    // Recording costs: dispatch with and without the asynchronous recorder, writer
    // throughput, bytes per entry (`swift run -c release record-bench`).
    .executableTarget(
      name: "record-bench", dependencies: ["TimeTravel", "TodoReducer", "ReplayLive"]),
    // Performance figures beside their peers (jq, Python, Foundation):
    // `swift run -c release replay-bench [--quick] [--size MB]`. Kept out of
    // the tests, which never assert wall-clock times.
    .executableTarget(
      name: "replay-bench", dependencies: ["TimeTravel", "TimeTravelJQ", "TodoReducer"]),

    // Tests mirror the modules: one test target per library, and one for the command
    // line end to end. What the library tests share (the repository's paths, temporary
    // logs, small reducers) is in TestSupport; the in-process `replay` is in
    // CLITestSupport, which alone links the command line.
    .target(
      name: "TestSupport",
      dependencies: [
        "TimeTravel", "TimeTravelJSON", "TimeTravelJQ", "TodoReducer", "TerminalEditor",
      ],
      path: "Tests/TestSupport"
    ),
    .target(
      name: "CLITestSupport", dependencies: ["ReplayCLI", "BundledReducers"],
      path: "Tests/CLITestSupport"),
    .testTarget(
      name: "TimeTravelJSONTests",
      dependencies: [
        "TimeTravelJSON", "TimeTravel", "TimeTravelDiff", "TimeTravelJQ", "TodoReducer",
        "TestSupport",
      ]
    ),
    .testTarget(
      name: "TimeTravelDiffTests",
      dependencies: ["TimeTravelDiff", "TimeTravelJSON", "TimeTravel", "TestSupport"]
    ),
    .testTarget(
      name: "TimeTravelJQTests",
      dependencies: ["TimeTravelJQ", "TimeTravelJSON", "TimeTravel", "TestSupport"]
    ),
    .testTarget(
      name: "TimeTravelTests",
      dependencies: [
        "TimeTravel", "TimeTravelJSON", "TimeTravelDiff", "TimeTravelJQ", "TodoReducer",
        "CounterReducer", "SearchReducer", "CheckoutSample", "TestSupport",
      ]
    ),
    .testTarget(
      name: "TimeTravelTestingTests",
      dependencies: [
        "TimeTravelTesting", "TimeTravel", "TimeTravelJSON", "TodoReducer", "LoginReducer",
        "TestSupport",
      ]
    ),
    .testTarget(name: "TerminalEditorTests", dependencies: ["TerminalEditor", "TestSupport"]),
    .testTarget(
      name: "ReplayLiveTests",
      dependencies: [
        "ReplayLive", "TimeTravel", "TodoReducer", "TestSupport",
        // A real app in its own process for the tests, built with them.
        "live-sample",
      ]
    ),
    .testTarget(
      name: "ReplayCLITests",
      dependencies: [
        "ReplayCLI", "TerminalEditor", "TimeTravel", "TimeTravelJSON", "TimeTravelDiff",
        "TimeTravelJQ", "TodoReducer", "LoginReducer", "TimeTravelTesting", "ProfileSample",
        "BundledReducers", "TestSupport", "CLITestSupport",
        // Compiled with the tests so that the README's recording example always builds.
        "counter-sample",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
