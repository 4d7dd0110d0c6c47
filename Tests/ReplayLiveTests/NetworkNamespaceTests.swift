import Foundation
import ReplayLive
import Synchronization
import TestSupport
import Testing
import TimeTravel

#if os(Linux)
  /// Two network namespaces joined by a virtual Ethernet pair: a listener and an app on
  /// different hosts as far as TCP can tell, with no loopback between them.
  final class NamespacePair: Sendable {
    let listenerSide: String
    let appSide: String
    static let listenerAddress = "10.23.0.1"

    /// `setns(2)`, which Glibc's module does not declare.
    static let setns: (@convention(c) (Int32, Int32) -> Int32)? = {
      guard let symbol = dlsym(nil, "setns") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()

    static let ipPath = PeerResources.executable("ip")

    /// Runs `ip ARGUMENTS…`; whether it succeeded.
    static func ip(_ arguments: [String]) async -> Bool {
      guard let ipPath else { return false }
      return await runQuietly(ipPath, arguments)
    }

    /// Whether this machine lets the tests make namespaces (root, `ip`, `setns`).
    static func isAvailable() async -> Bool {
      guard getuid() == 0, ipPath != nil, setns != nil else { return false }
      let probe = "rlprobe\(getpid())"
      guard await ip(["netns", "add", probe]) else { return false }
      _ = await ip(["netns", "del", probe])
      return true
    }

    /// Makes the pair, runs `body` with it and removes it, whatever `body` does.
    static func with(_ body: (NamespacePair) async throws -> Void) async throws {
      let pair = try await NamespacePair()
      do {
        try await body(pair)
      } catch {
        await pair.remove()
        throw error
      }
      await pair.remove()
    }

    private init() async throws {
      let id = getpid() % 100_000
      listenerSide = "rl\(id)a"
      appSide = "rl\(id)b"
      let (a, b) = ("rv\(id)a", "rv\(id)b")
      for command in [
        ["netns", "add", listenerSide], ["netns", "add", appSide],
        ["link", "add", a, "type", "veth", "peer", "name", b],
        ["link", "set", a, "netns", listenerSide], ["link", "set", b, "netns", appSide],
        ["-n", listenerSide, "addr", "add", "\(Self.listenerAddress)/24", "dev", a],
        ["-n", appSide, "addr", "add", "10.23.0.2/24", "dev", b],
        ["-n", listenerSide, "link", "set", a, "up"], ["-n", appSide, "link", "set", b, "up"],
      ] {
        guard await Self.ip(command) else {
          await remove()
          throw HarnessError(message: "ip \(command.joined(separator: " ")) failed")
        }
      }
    }

    /// Deletes both namespaces (and so the pair).
    func remove() async {
      _ = await Self.ip(["netns", "del", listenerSide])
      _ = await Self.ip(["netns", "del", appSide])
    }

    /// Moves the calling thread into `namespace`: sockets it makes, and threads it
    /// starts, are there.
    static func enter(_ namespace: String) -> Bool {
      let fd = open("/var/run/netns/\(namespace)", O_RDONLY | O_CLOEXEC)
      guard fd >= 0, let setns else { return false }
      defer { close(fd) }
      return setns(fd, 0x4000_0000) == 0  // CLONE_NEWNET
    }

    /// Runs `body` on a new thread inside `namespace`, leaving this thread where it is.
    static func run<T: Sendable>(in namespace: String, _ body: @escaping @Sendable () throws -> T)
      throws -> T
    {
      let result = Mutex<Result<T, any Error>?>(nil)
      let done = DispatchSemaphore(value: 0)
      let thread = Thread {
        let outcome: Result<T, any Error> =
          enter(namespace)
          ? Result { try body() } : .failure(HarnessError(message: "cannot enter \(namespace)"))
        result.withLock { $0 = outcome }
        done.signal()
      }
      thread.start()
      done.wait()
      return try result.withLock { $0! }.get()
    }
  }

  /// A listener and an app in two network namespaces: the listener is reachable only at
  /// its Ethernet address, which needs a token.
  @Suite(
    .serialized, .liveHangGuard,
    .enabled(
      "needs root, ip(8) and setns(2) to make two network namespaces",
      { await NamespacePair.isAvailable() }))
  struct NetworkNamespaceTests {
    @Test func aListenerOnAnotherHostNeedsTheTokenAndSavesNothingWithout() async throws {
      try await NamespacePair.with(Self.tokenAndRemoteGoto)
    }

    /// The test, with the pair made.
    static func tokenAndRemoteGoto(_ pair: NamespacePair) async throws {
      let directory = Scratch.folder.appendingPathComponent(
        "netns-\(UUID())")
      defer { try? FileManager.default.removeItem(at: directory) }
      let host = NamespacePair.listenerAddress
      #expect(throws: LiveError.tokenRequired("\(host):0")) {
        try NamespacePair.run(in: pair.listenerSide) {
          try LiveListener(LiveConfiguration(address: LiveAddress(host: host, port: 0)))
        }
      }
      let listener = try NamespacePair.run(in: pair.listenerSide) {
        try LiveListener(
          LiveConfiguration(
            address: LiveAddress(host: host, port: 0), token: "s3cret", directory: directory))
      }
      defer { listener.stop() }
      let address = listener.address.description
      // From the other namespace, in a child process: no token, refused, nothing saved.
      await #expect(processExitsWith: .success) {
        [side = pair.appSide as String, address = address as String] in
        guard NamespacePair.enter(side) else { exit(2) }
        let recorder = try LogRecorder(
          streamingTo: address, app: "NoToken", stateType: "CounterState",
          actionType: "CounterAction")
        let expected = LogRecorder.StreamStatus.refused(
          reason: "this listener requires a token, and the hello has none")
        let deadline = Date().addingTimeInterval(20)
        while recorder.streamStatus != expected, Date() < deadline { usleep(10_000) }
        exit(recorder.streamStatus == expected ? 0 : 1)
      }
      var events: [LiveEvent] = []
      while let event = await nextEvent(listener, timeout: LiveHarness.patience) {
        events.append(event)
        if case .refused = event { break }
      }
      guard case .refused(let peer, let reason)? = events.last else {
        Issue.record("no refusal: \(events)")
        return
      }
      #expect(peer.hasPrefix("10.23.0.2:"))
      #expect(reason == "this listener requires a token, and the hello has none")
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])

      // With the token: saved, and the app moves on command.
      let recorder = try NamespacePair.run(in: pair.appSide) {
        try LogRecorder(
          streamingTo: address, token: "s3cret", app: "Counter", stateType: "CounterState",
          actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
      }
      let store = await Store(
        initialState: CounterState(), reducer: counterReducer, recorder: recorder)
      await MainActor.run { store.remoteControl = .allowed }
      for _ in 1...3 { await store.dispatch(.increment) }
      var session: LiveSession?
      var saved = 0
      while saved < 4, let event = await nextEvent(listener, timeout: LiveHarness.patience) {
        if case .connected(let connected, let from, _) = event {
          session = connected
          #expect(from.hasPrefix("10.23.0.2:"))
        }
        if case .line = event { saved += 1 }
      }
      let id = try #require(session).id
      #expect(
        await listener.request(.goto(seq: 1), to: id, timeout: LiveHarness.patience)
          == .done(seq: 4))
      #expect(await store.state.count == 1)
      try recorder.close()
      #expect(
        try LiveHarness.fileLines(try #require(session).file).prefix(4)
          == [CounterLines.header] + (1...3).map(CounterLines.increment))
    }
  }
#endif
