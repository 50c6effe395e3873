import Foundation
import HTTPServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// HTTP-slow-500: the latency of ordinary requests to an `HTTPServer` with its default limits
/// while `n` clients hold connections open by sending one byte a second (reconnecting
/// whenever the server closes them). On Linux the slow clients come from the loopback
/// addresses 127.0.0.2 to 127.0.0.101, the ordinary client from 127.0.0.1; elsewhere all
/// come from 127.0.0.1. Prints the 50th and 99th percentile and the slowest answer, and how
/// many ordinary requests got `200`.
func runSlowClientsWorkload(_ options: RunOptions) throws -> String {
  let slowClients = options.size ?? 500
  let requests = 300
  var router = HTTPRouter()
  router.get("/hello") { _ in .response(.text("hello")) }
  let server = try HTTPServer(router: router)
  defer { server.stop() }
  let port = server.port

  let trickle = Trickle(port: port, count: slowClients)
  let driver = Thread { trickle.run() }
  driver.start()
  defer { trickle.finish() }
  // Let the slow clients take every connection first.
  Thread.sleep(forTimeInterval: 2)

  var latencies: [Double] = []
  var answered = 0
  let request = Array("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
  for _ in 0..<requests {
    let start = monotonicNanoseconds()
    let status = ordinaryRequest(port: port, request)
    latencies.append(Double(monotonicNanoseconds() - start) / 1e6)
    if status == 200 { answered += 1 }
    Thread.sleep(forTimeInterval: 0.02)
  }
  let sorted = latencies.sorted()
  func percentile(_ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]
  }
  return line(
    "HTTP-slow-500", n: slowClients,
    fields: [
      "p50 \(format(percentile(0.50), decimals: 1)) ms",
      "p99 \(format(percentile(0.99), decimals: 1)) ms",
      "max \(format(sorted.last ?? 0, decimals: 1)) ms",
      "\(answered)/\(requests) got 200",
      "slow connections made \(trickle.connectionsMade)",
    ])
}

/// One ordinary request on a new connection; the status of its answer, or 0 when there is
/// none within two seconds.
private func ordinaryRequest(port: UInt16, _ request: [UInt8]) -> Int {
  exchange(port: port, request, timeoutSeconds: 2).status
}

/// Sends `request` on a new connection, bound first to the loopback address `source` when
/// given; the answer's status (0 when there is none within `timeoutSeconds`) and body.
func exchange(
  port: UInt16, _ request: [UInt8], from source: String? = nil, timeoutSeconds: Int = 5
) -> (status: Int, body: Data) {
  guard let descriptor = connectSocket(port: port, from: source, blocking: true) else {
    return (0, Data())
  }
  defer { close(descriptor) }
  var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
  setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == request.count
  else { return (0, Data()) }
  var answer: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 16_384)
  while true {
    let count = recv(descriptor, &buffer, buffer.count, 0)
    if count <= 0 { break }
    answer.append(contentsOf: buffer[..<count])
  }
  let text = String(decoding: answer.prefix(12), as: UTF8.self)
  let status = text.hasPrefix("HTTP/1.1 ") ? Int(text.dropFirst(9).prefix(3)) ?? 0 : 0
  let separator = Array("\r\n\r\n".utf8)
  var bodyStart = answer.count
  if answer.count >= 4 {
    for index in 0...(answer.count - 4) where Array(answer[index..<index + 4]) == separator {
      bodyStart = index + 4
      break
    }
  }
  return (status, Data(answer[bodyStart...]))
}

/// A TCP socket connected (or connecting, when not `blocking`) to `127.0.0.1:port`, bound
/// first to the loopback address `from` when given.
func connectSocket(port: UInt16, from source: String?, blocking: Bool) -> Int32? {
  #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  #elseif canImport(Musl)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM), 0)
  #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
  #endif
  guard descriptor >= 0 else { return nil }
  #if canImport(Darwin)
    var on: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
  #endif
  func address(_ host: String, _ port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr(host)
    return address
  }
  if let source {
    var local = address(source, 0)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      close(descriptor)
      return nil
    }
  }
  if !blocking {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL, 0) | O_NONBLOCK)
  }
  var remote = address("127.0.0.1", port)
  let connected = withUnsafePointer(to: &remote) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard connected == 0 || (!blocking && errno == EINPROGRESS) else {
    close(descriptor)
    return nil
  }
  return descriptor
}

/// `count` connections that each send one byte of a request head a second, and are opened
/// again whenever the server closes them.
private final class Trickle: @unchecked Sendable {
  // `@unchecked Sendable`: `sockets` and `nextSend` are touched by the driver thread only;
  // `stopped` and `made` only with `lock` held.
  private let port: UInt16
  private let count: Int
  private let lock = NSLock()
  private var stopped = false
  private var made = 0
  private let finished = DispatchSemaphore(value: 0)
  private var sockets: [Int32]
  private var nextSend: [UInt64]
  /// Whether this system lets a socket bind to 127.0.0.2 and the like.
  private let manyAddresses: Bool

  init(port: UInt16, count: Int) {
    self.port = port
    self.count = count
    sockets = Array(repeating: -1, count: count)
    nextSend = Array(repeating: 0, count: count)
    if let probe = connectSocket(port: port, from: "127.0.0.2", blocking: false) {
      close(probe)
      manyAddresses = true
    } else {
      manyAddresses = false
    }
  }

  var connectionsMade: Int { lock.withLock { made } }

  func finish() {
    lock.withLock { stopped = true }
    finished.wait()
  }

  func run() {
    defer {
      for descriptor in sockets where descriptor >= 0 { close(descriptor) }
      finished.signal()
    }
    let byte: [UInt8] = [UInt8(ascii: "X")]
    var scratch = [UInt8](repeating: 0, count: 1024)
    while !lock.withLock({ stopped }) {
      let now = monotonicNanoseconds()
      for index in 0..<count where now >= nextSend[index] {
        // One second apart, spread over the second so that the bytes do not come in bursts.
        nextSend[index] = now + 1_000_000_000
        if sockets[index] < 0 {
          let source = manyAddresses ? "127.0.0.\(2 + index % 100)" : nil
          sockets[index] = connectSocket(port: port, from: source, blocking: false) ?? -1
          if sockets[index] >= 0 { lock.withLock { made += 1 } }
          continue
        }
        let descriptor = sockets[index]
        // The server answered (408 or 503) or closed: open a new connection a second later.
        let read = recv(descriptor, &scratch, scratch.count, Int32(MSG_DONTWAIT))
        var done = read >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
        if !done {
          let sent = byte.withUnsafeBytes { send(descriptor, $0.baseAddress, 1, noSignal) }
          done = sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK
        }
        if done {
          close(descriptor)
          sockets[index] = -1
        }
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
  }
}

#if canImport(Darwin)
  private let noSignal: Int32 = 0
#else
  private let noSignal = Int32(MSG_NOSIGNAL)
#endif
