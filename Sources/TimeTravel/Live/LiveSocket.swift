import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX socket calls live streaming needs, the same on Linux and Apple platforms: every
/// socket non-blocking and close-on-exec, and no `SIGPIPE` ever (`MSG_NOSIGNAL` on Linux,
/// `SO_NOSIGPIPE` on Apple platforms), so a peer that went away is an `EPIPE` to handle,
/// never a signal that ends the app.
package enum LiveSocket {
  /// One address a name resolved to, ready for `connect(2)` or `bind(2)`.
  package struct Resolved: @unchecked Sendable {
    // @unchecked: `sockaddr_storage` is plain bytes.
    package var family: Int32
    package var storage: sockaddr_storage
    package var length: socklen_t
  }

  #if canImport(Darwin)
    private static let streamType = SOCK_STREAM
    /// Apple platforms have no `SOCK_CLOEXEC`: ``configure(_:)`` sets it just after.
    private static let atomicFlags: Int32 = 0
    private static let sendFlags: Int32 = 0
  #else
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    /// Close-on-exec from the start: a process the app spawns meanwhile (another
    /// thread's `posix_spawn`) never inherits the connection.
    private static let atomicFlags = Int32(SOCK_CLOEXEC.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #endif

  /// `strerror(code)` and the number: `Connection refused (errno 111)`.
  package static func reason(_ code: Int32) -> String {
    "\(String(cString: strerror(code))) (errno \(code))"
  }

  /// The addresses `address` resolves to (`getaddrinfo(3)`), IPv4 and IPv6.
  /// - Parameter passive: For `bind(2)`: an empty host means every interface.
  /// - Throws: ``LiveError/cannotResolve(_:reason:)``.
  package static func resolve(_ address: LiveAddress, passive: Bool) throws(LiveError) -> [Resolved]
  {
    var hints = addrinfo()
    hints.ai_socktype = streamType
    hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(address.host, String(address.port), &hints, &list)
    guard status == 0, let first = list else {
      throw .cannotResolve(address.host, reason: String(cString: gai_strerror(status)))
    }
    defer { freeaddrinfo(first) }
    var result: [Resolved] = []
    var item: UnsafeMutablePointer<addrinfo>? = first
    while let info = item {
      if let sockaddr = info.pointee.ai_addr {
        var storage = sockaddr_storage()
        let length = min(Int(info.pointee.ai_addrlen), MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutableBytes(of: &storage) { target in
          target.copyMemory(from: UnsafeRawBufferPointer(start: sockaddr, count: length))
        }
        result.append(
          Resolved(family: info.pointee.ai_family, storage: storage, length: socklen_t(length)))
      }
      item = info.pointee.ai_next
    }
    return result
  }

  /// A new TCP socket for `family`, non-blocking, close-on-exec, without `SIGPIPE`.
  package static func makeSocket(family: Int32) -> Int32? {
    let fd = socket(family, streamType | atomicFlags, 0)
    guard fd >= 0 else { return nil }
    configure(fd)
    return fd
  }

  /// Makes `fd` non-blocking and close-on-exec, and (Apple platforms) turns `SIGPIPE` off.
  package static func configure(_ fd: Int32) {
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    #if canImport(Darwin)
      var on: Int32 = 1
      _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// Sends lines as soon as they are written (no Nagle delay): a live view shows each
  /// entry when the app records it.
  package static func noDelay(_ fd: Int32) {
    var on: Int32 = 1
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Connects to the first of `address`'s resolved addresses that answers within
  /// `timeout` seconds each.
  /// - Returns: A connected, non-blocking socket.
  /// - Throws: ``LiveError/cannotResolve(_:reason:)`` or ``LiveError/cannotConnect(_:code:)``
  ///   with the last address's error.
  package static func connect(to address: LiveAddress, timeout: Double) throws(LiveError) -> Int32 {
    var code = ECONNREFUSED
    for target in try resolve(address, passive: false) {
      guard let fd = makeSocket(family: target.family) else {
        code = errno
        continue
      }
      var storage = target.storage
      let status = withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          posixConnect(fd, $0, target.length)
        }
      }
      if status == 0 || errno == EINPROGRESS || errno == EINTR {
        let result = status == 0 ? 0 : finishConnecting(fd, timeout: timeout)
        if result == 0 {
          noDelay(fd)
          return fd
        }
        code = result
      } else {
        code = errno
      }
      _ = posixClose(fd)
    }
    throw .cannotConnect(address.description, code: code)
  }

  /// Waits for a non-blocking `connect(2)` to finish; 0, or the `errno` it failed with.
  private static func finishConnecting(_ fd: Int32, timeout: Double) -> Int32 {
    var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
    guard wait(&fds, milliseconds: Int32(timeout * 1000)) > 0 else { return ETIMEDOUT }
    var failure: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else { return errno }
    return failure
  }

  /// A listening socket on `address` (port 0: one the system picks).
  /// - Returns: The socket (non-blocking) and the port it is bound to.
  /// - Throws: ``LiveError/cannotResolve(_:reason:)`` or ``LiveError/cannotListen(_:code:)``.
  package static func listen(on address: LiveAddress, backlog: Int32 = 512) throws(LiveError) -> (
    fd: Int32, port: Int
  ) {
    var code = EADDRNOTAVAIL
    for target in try resolve(address, passive: true) {
      guard let fd = makeSocket(family: target.family) else {
        code = errno
        continue
      }
      var on: Int32 = 1
      _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
      var storage = target.storage
      let bound = withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, target.length) }
      }
      if bound == 0, posixListen(fd, backlog) == 0, let port = localPort(fd) {
        return (fd, port)
      }
      code = errno
      _ = posixClose(fd)
    }
    throw .cannotListen(address.description, code: code)
  }

  /// The port `fd` is bound to.
  package static func localPort(_ fd: Int32) -> Int? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let status = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard status == 0 else { return nil }
    return describe(storage)?.port
  }

  /// Accepts one waiting connection, configured like every socket here.
  /// - Returns: The socket and the peer as `HOST:PORT`; `nil` when none is waiting (or
  ///   the process is out of descriptors: the caller tries again later).
  package static func accept(_ listener: Int32) -> (fd: Int32, peer: String)? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let fd = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { posixAccept(listener, $0, &length) }
    }
    guard fd >= 0 else { return nil }
    configure(fd)  // close-on-exec already on Linux (accept4); the rest everywhere
    return (fd, describe(storage)?.description ?? "unknown peer")
  }

  /// The address in `storage`, when it is IPv4 or IPv6.
  private static func describe(_ storage: sockaddr_storage) -> LiveAddress? {
    var storage = storage
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    switch Int32(storage.ss_family) {
    case AF_INET:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
          var raw = address.pointee.sin_addr
          inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
          return LiveAddress(
            host: cString(text), port: Int(UInt16(bigEndian: address.pointee.sin_port)))
        }
      }
    case AF_INET6:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
          var raw = address.pointee.sin6_addr
          inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
          return LiveAddress(
            host: cString(text), port: Int(UInt16(bigEndian: address.pointee.sin6_port)))
        }
      }
    default:
      return nil
    }
  }

  /// Sends what the socket takes now, without blocking and without `SIGPIPE`.
  /// - Returns: The bytes sent; 0 when the socket's buffer is full; -1 when the
  ///   connection failed (`errno` says why).
  package static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
    while true {
      let sent = posixSend(fd, base, bytes.count, sendFlags)
      if sent >= 0 { return sent }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1
    }
  }

  /// Reads what has arrived into `buffer`, without blocking.
  /// - Returns: The bytes read; 0 when the peer closed the connection; `nil` when
  ///   nothing is there yet; -1 when the connection failed.
  package static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Int? {
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
      if count >= 0 { return count }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? nil : -1
    }
  }

  /// `poll(2)`, retried when a signal interrupts it; negative `milliseconds` waits forever.
  @discardableResult
  package static func wait(_ fds: inout [pollfd], milliseconds: Int32) -> Int32 {
    while true {
      let ready = poll(&fds, nfds_t(fds.count), milliseconds)
      if ready >= 0 || errno != EINTR { return ready }
    }
  }

  /// `pipe(2)` with both ends close-on-exec from the start (`pipe2(2)` with `O_CLOEXEC` on
  /// Linux; set just after on Apple platforms, which have no `pipe2`).
  /// - Returns: 0, or -1 with `errno` set.
  package static func makePipe(_ ends: inout [Int32]) -> Int32 {
    #if canImport(Darwin)
      guard pipe(&ends) == 0 else { return -1 }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      return 0
    #else
      guard let pipe2 = LinuxCalls.pipe2 else {
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return 0
      }
      return pipe2(&ends, O_CLOEXEC)
    #endif
  }

  /// Closes `fd`.
  package static func close(_ fd: Int32) { _ = posixClose(fd) }
}

// The names of these C functions are shadowed by the enum's own, or by Foundation's.
private func posixConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t)
  -> Int32
{ connect(fd, address, length) }
private func posixListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
/// `accept(2)`; on Linux `accept4(2)` with `SOCK_CLOEXEC`, so that a process another
/// thread spawns between the accept and ``LiveSocket/configure(_:)`` never inherits the
/// connection (it would keep it open after the listener closed it).
private func posixAccept(
  _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
) -> Int32 {
  #if canImport(Darwin)
    accept(fd, address, length)
  #else
    LinuxCalls.accept4?(fd, address, length, Int32(SOCK_CLOEXEC.rawValue))
      ?? accept(fd, address, length)
  #endif
}

#if !canImport(Darwin)
  /// The Linux calls Glibc's module leaves out (they need `_GNU_SOURCE`), found in the C
  /// library when the process starts using them; `nil` where it lacks them.
  private enum LinuxCalls {
    static let pipe2 = symbol(
      "pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    static let accept4 = symbol(
      "accept4",
      as: (@convention(c) (
        Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32
      ) -> Int32).self)

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
      guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
      return unsafeBitCast(address, to: type)
    }
  }
#endif
private func posixSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int
{ send(fd, bytes, count, flags) }
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }

/// The text of a NUL-terminated C buffer.
func cString(_ buffer: [CChar]) -> String {
  String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
