import Foundation
import TimeTravelJSON

extension LogRecorder {
  /// What a recorder writes about where each action came from: the entries' `site`
  /// members, and effect records with the run ids in `origin` (see
  /// <doc:LogFormat#Dispatch-sites>).
  struct Provenance: Sendable, Equatable {
    var sites = false
    var effects = false

    static let none = Provenance()
  }
}

extension LogPipeline {
  /// Appends `,"origin":{"cause":K,"effect":NAME}`, with `,"id":N` when effect records
  /// are written (without them the id names nothing).
  func appendOrigin(_ origin: ActionOrigin, to line: inout Data) throws {
    line.append(contentsOf: #","origin":{"cause":"#.utf8)
    line.append(contentsOf: String(origin.cause).utf8)
    line.append(contentsOf: #","effect":"#.utf8)
    line.append(try encoder.encode(origin.effect))
    if provenance.effects, let id = origin.id {
      line.append(contentsOf: #","id":"#.utf8)
      line.append(contentsOf: String(id).utf8)
    }
    line.append(UInt8(ascii: "}"))
  }

  /// Appends `,"site":{"file":…,"line":N,"function":…}` from the site's static strings,
  /// copied as they are unless they need JSON escapes.
  func appendSite(_ site: DispatchSite, to line: inout Data) throws {
    line.append(contentsOf: #","site":{"file":"#.utf8)
    try appendString(site.fileID, to: &line)
    line.append(contentsOf: #","line":"#.utf8)
    line.append(contentsOf: String(site.line).utf8)
    line.append(contentsOf: #","function":"#.utf8)
    try appendString(site.function, to: &line)
    line.append(UInt8(ascii: "}"))
  }

  /// `string` as a JSON string: its bytes between quotes when none needs an escape (a
  /// quote, a backslash or a control character), else what the encoder writes.
  private func appendString(_ string: StaticString, to line: inout Data) throws {
    if string.hasPointerRepresentation {
      let plain = string.withUTF8Buffer { bytes in
        !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
      }
      if plain {
        line.append(UInt8(ascii: "\""))
        string.withUTF8Buffer { line.append(contentsOf: $0) }
        line.append(UInt8(ascii: "\""))
        return
      }
    }
    line.append(try encoder.encode(DispatchSite.text(string)))
  }

  /// Writes the effect record for `event` (see <doc:LogFormat#Effect-records>):
  /// `{"effect":"start","id":N,"name":…,"cause":K,…}` or `{"effect":"end","id":N,…}`.
  /// It is no entry: `seq`, the chain and the keyframes are untouched.
  func writeEffect(_ event: EffectEvent, time: Date) throws {
    var line = Data(#"{"effect":"#.utf8)
    switch event {
    case .started(let id, let name, let cause, let site, let cancelID):
      line.append(contentsOf: #""start","id":\#(id),"name":"#.utf8)
      line.append(try encoder.encode(name))
      line.append(contentsOf: #","cause":\#(cause)"#.utf8)
      if let cancelID {
        line.append(contentsOf: #","cancelID":"#.utf8)
        line.append(try encoder.encode(cancelID))
      }
      if provenance.sites, let site { try appendSite(site, to: &line) }
    case .ended(let id, let outcome):
      line.append(contentsOf: #""end","id":\#(id),"outcome":"#.utf8)
      switch outcome {
      case .completed:
        line.append(contentsOf: #""completed""#.utf8)
      case .cancelled(let reason, let cause):
        line.append(contentsOf: #""cancelled","by":"\#(reason.rawValue)""#.utf8)
        if let cause { line.append(contentsOf: #","cause":\#(cause)"#.utf8) }
      case .failed(let error):
        line.append(contentsOf: #""failed","error":"#.utf8)
        line.append(try encoder.encode(error))
      }
    }
    line.append(contentsOf: #","time":""#.utf8)
    line.append(contentsOf: LogTimestamp.string(from: time).utf8)
    line.append(contentsOf: "\"}\n".utf8)
    try sink.write(line)
  }
}
