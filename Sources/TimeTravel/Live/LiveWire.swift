import Foundation

/// The live protocol's lines other than log records, written and read the same way by the
/// app side (``LogRecorder``'s stream) and the listener (`ReplayLive`): one JSON object per
/// line, `\n`-terminated, each told apart by its first member's name (documented in
/// <doc:LogFormat>, "Live sessions").
package enum LiveWire {
  /// The protocol version this library speaks.
  package static let protocolVersion = 1
  /// The longest hello line a listener reads (a token and names fit easily).
  package static let helloLimit = 64 * 1024

  /// The first line an app sends.
  package struct Hello: Sendable, Equatable {
    /// The protocol version the app speaks.
    package var version: Int
    /// The app's name, as in its log header.
    package var app: String
    /// A random id that names the session across reconnections.
    package var session: String
    /// When the session started, RFC 3339 with milliseconds (the app's clock).
    package var started: String
    /// The machine's name, for display.
    package var device: String?
    /// The app's process id, for display.
    package var pid: Int?
    /// The token, when the app was given one.
    package var token: String?

    package init(
      app: String, session: String, started: String, device: String?, pid: Int?, token: String?,
      version: Int = LiveWire.protocolVersion
    ) {
      self.version = version
      self.app = app
      self.session = session
      self.started = started
      self.device = device
      self.pid = pid
      self.token = token
    }

    /// `{"hello":"replay","protocol":1,"app":…,"session":…,"started":…,"device":…,"pid":…,"token":…}\n`
    package var line: Data {
      var members: [(String, JSONValue)] = [
        ("hello", "replay"), ("protocol", .number(JSONNumber(version))), ("app", .string(app)),
        ("session", .string(session)), ("started", .string(started)),
      ]
      if let device { members.append(("device", .string(device))) }
      if let pid { members.append(("pid", .number(JSONNumber(pid)))) }
      if let token { members.append(("token", .string(token))) }
      return LiveWire.line(.object(JSONObject(members)))
    }

    /// Reads a hello line.
    /// - Throws: The reason to give the app when it is not one: not JSON, not a hello,
    ///   another protocol version, a member missing or of the wrong type.
    package init(parsing bytes: [UInt8]) throws(Problem) {
      guard let value = try? JSONParser.parse(bytes: bytes), value["hello"] != nil else {
        throw .notHello
      }
      guard let version = value["protocol"]?.numberValue?.intValue else {
        throw .malformed("the hello has no integer \"protocol\" member")
      }
      guard version == LiveWire.protocolVersion else { throw .unsupportedVersion(version) }
      func text(_ key: String, required: Bool) throws(Problem) -> String? {
        switch value[key] {
        case .string(let text)?: return text
        case nil where !required, .null? where !required: return nil
        default: throw .malformed("the hello's \"\(key)\" member must be a string")
        }
      }
      let token = try text("token", required: false)
      self.init(
        app: try text("app", required: true)!, session: try text("session", required: true)!,
        started: try text("started", required: true)!, device: try text("device", required: false),
        pid: value["pid"]?.numberValue?.intValue, token: token, version: version)
    }

    /// Why a first line is not an acceptable hello.
    package enum Problem: Error, Equatable, CustomStringConvertible {
      case notHello
      case unsupportedVersion(Int)
      case malformed(String)

      package var description: String {
        switch self {
        case .notHello:
          #"the first line is not a hello (expected {"hello":"replay","protocol":1,"app":…,"session":…,"started":…})"#
        case .unsupportedVersion(let version):
          "protocol version \(version) is not supported (this listener speaks version \(LiveWire.protocolVersion))"
        case .malformed(let message): message
        }
      }
    }
  }

  /// What a listener sends an app.
  package enum ListenerLine: Sendable, Equatable {
    /// The hello was accepted; the listener's saved copy of the session ends at `lastSeq`
    /// (`nil`: it has nothing of it yet), and it closes a connection that sends no line
    /// for `idle` seconds (`nil`: not said).
    case welcome(lastSeq: Int?, idle: Double?)
    /// The connection is refused (closed next), and why.
    case refused(String)
    /// The listener stopped saving the session (closed next): the app must not reconnect it.
    case stopped(String)
    /// A command, with the id its reply names.
    case command(id: Int, LiveCommand)
    /// A command line that cannot be applied as it stands: its reply is this error.
    case invalidCommand(id: Int?, String)

    /// The line, `\n`-terminated.
    package var line: Data {
      switch self {
      case .welcome(let lastSeq, let idle):
        return LiveWire.line([
          "welcome": "replay", "protocol": .number(JSONNumber(LiveWire.protocolVersion)),
          "lastSeq": lastSeq.map { .number(JSONNumber($0)) } ?? .null,
          "idle": idle.map { .number(JSONNumber($0)) } ?? .null,
        ])
      case .refused(let reason): return LiveWire.line(["refused": .string(reason)])
      case .stopped(let reason): return LiveWire.line(["stopped": .string(reason)])
      case .command(let id, let command):
        var members: [(String, JSONValue)] = [
          ("command", .string(command.name)), ("id", .number(JSONNumber(id))),
        ]
        switch command {
        case .goto(let seq): members.append(("seq", .number(JSONNumber(seq))))
        case .dispatch(let action): members.append(("action", action))
        case .undo, .redo, .resume: break
        }
        return LiveWire.line(.object(JSONObject(members)))
      case .invalidCommand(let id, let reason):
        // Never sent: the app makes it from a line it could not read.
        return LiveWire.line([
          "command": .null, "id": id.map { .number(JSONNumber($0)) } ?? .null,
          "error": .string(reason),
        ])
      }
    }

    /// Reads a line a listener sent; `nil` when it is none of these (ignored, so later
    /// versions can add lines).
    package init?(parsing bytes: [UInt8]) {
      guard let value = try? JSONParser.parse(bytes: bytes), case .object = value else {
        self = .invalidCommand(id: nil, "a command line that is not a JSON object")
        return
      }
      if value["welcome"] != nil {
        self = .welcome(
          lastSeq: value["lastSeq"]?.numberValue?.intValue,
          idle: value["idle"]?.numberValue?.doubleValue)
      } else if let reason = value["refused"] {
        self = .refused(reason.stringValue ?? "\(reason)")
      } else if let reason = value["stopped"] {
        self = .stopped(reason.stringValue ?? "\(reason)")
      } else if let name = value["command"] {
        self = Self.command(name, in: value)
      } else {
        return nil
      }
    }

    private static func command(_ name: JSONValue, in value: JSONValue) -> ListenerLine {
      guard let id = value["id"]?.numberValue?.intValue, id >= 0 else {
        return .invalidCommand(id: nil, "the command has no \"id\" (a non-negative integer)")
      }
      guard case .string(let name) = name else {
        return .invalidCommand(id: id, "the command's name must be a string")
      }
      switch name {
      case "goto":
        guard let seq = value["seq"]?.numberValue?.intValue, seq >= 0 else {
          return .invalidCommand(
            id: id, "goto needs a \"seq\": the entry whose state to show (0 for the initial state)")
        }
        return .command(id: id, .goto(seq: seq))
      case "undo": return .command(id: id, .undo)
      case "redo": return .command(id: id, .redo)
      case "resume": return .command(id: id, .resume)
      case "dispatch":
        guard let action = value["action"] else {
          return .invalidCommand(id: id, "dispatch needs an \"action\"")
        }
        return .command(id: id, .dispatch(action: action))
      default:
        return .invalidCommand(
          id: id,
          "unknown command \"\(name)\" (the app knows goto, undo, redo, dispatch and resume)")
      }
    }
  }

  /// `{"reply":ID,"ok":true,"seq":K}`, `{"reply":ID,"ok":true}` or `{"reply":ID,"error":"…"}`.
  package static func replyLine(id: Int?, _ reply: LiveReply) -> Data {
    let id: JSONValue = id.map { .number(JSONNumber($0)) } ?? .null
    switch reply {
    case .done(let seq?): return line(["reply": id, "ok": true, "seq": .number(JSONNumber(seq))])
    case .done(nil): return line(["reply": id, "ok": true])
    case .refused(let reason): return line(["reply": id, "error": .string(reason)])
    }
  }

  /// Reads a reply line; `nil` when `value` is not one.
  package static func reply(_ value: JSONValue) -> (id: Int?, reply: LiveReply)? {
    guard let id = value["reply"] else { return nil }
    let number = id.numberValue?.intValue
    if case .string(let reason)? = value["error"] { return (number, .refused(reason)) }
    guard value["ok"] == .bool(true) else {
      return (number, .refused("the app's reply has neither \"ok\":true nor an \"error\""))
    }
    return (number, .done(seq: value["seq"]?.numberValue?.intValue))
  }

  /// The line an app sends when it has sent nothing for a while, so the listener (and
  /// the app) can tell a quiet session from a dead connection.
  package static let heartbeat = Data(#"{"heartbeat":true}"#.utf8 + [0x0A])

  /// `value` printed compactly, with `\n`.
  package static func line(_ value: JSONValue) -> Data {
    var bytes: [UInt8] = []
    JSONPrinter.compact.write(value, to: &bytes)
    bytes.append(0x0A)
    return Data(bytes)
  }
}
