import AppComposition
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// WEB-tabs: `friends-web` on a new data directory, with n browser tabs open on its login page,
// as a browser opens them: the page (a new tab), then its live connection, which brings the
// first frame. Then inputs go to the tabs in turn (the email field's text, changed each
// time), each timed until its tab's next frame arrives. The line gives the time to the first
// page and to the first frame (medians), the input-to-frame latency (p50, p99), and the
// server's resident memory per open tab (Linux; the growth from before the first tab to after
// the last, divided by n).

/// WEB-tabs: `n` tabs open on the web front, then inputs timed to their frames.
func runWebTabsWorkload(_ options: RunOptions) throws -> String {
  let tabs = options.size ?? 100
  let inputs = max(20, 2 * tabs)
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("web-tabs-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: directory) }
  let server = try ServerProcess(
    AppIdentity.webCommand, arguments: ["--data-dir", directory.path], environment: [:])
  defer { server.stop() }
  let port = server.port
  guard let key = server.firstLine.split(separator: "=").last.map(String.init) else {
    throw ServerMixError("the web front printed no key: \(server.firstLine)")
  }
  // The key's cookie, as a browser keeps it after opening the printed address.
  let cookie = "Cookie: \(webCookieName(port: port))=\(key)\r\n"
  func request(_ method: String, _ target: String, body: String? = nil) -> [UInt8] {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(cookie)"
    if let body {
      head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
    }
    return Array((head + "\r\n" + (body ?? "")).utf8)
  }

  let memoryBefore = residentBytes(ofProcess: server.process.processIdentifier)
  var pageTimes: [Double] = []
  var frameTimes: [Double] = []
  var streams: [(id: String, socket: Int32, buffer: [UInt8])] = []
  defer { for stream in streams { close(stream.socket) } }
  for _ in 0..<tabs {
    let start = monotonicNanoseconds()
    let page = exchange(port: port, request("GET", "/login"))
    pageTimes.append(Double(monotonicNanoseconds() - start) / 1e6)
    let markup = String(decoding: page.body, as: UTF8.self)
    guard page.status == 200,
      let id = markup.components(separatedBy: #"data-tab=""#).dropFirst()
        .first?.prefix(while: { $0 != "\"" })
    else { throw ServerMixError("a page answered \(page.status)") }
    guard let socket = connectSocket(port: port, from: nil, blocking: true) else {
      throw ServerMixError("cannot connect to the web front")
    }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let open = request("GET", "/tabs/\(id)/events")
    _ = open.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
    var buffer: [UInt8] = []
    guard nextFrame(socket, &buffer) else {
      throw ServerMixError("a tab's live connection brought no frame")
    }
    frameTimes.append(Double(monotonicNanoseconds() - start) / 1e6)
    streams.append((String(id), socket, buffer))
  }
  let memoryAfter = residentBytes(ofProcess: server.process.processIdentifier)

  var latencies: [Double] = []
  for index in 0..<inputs {
    let tab = index % tabs
    let body = #"{"name":"email","value":"a\#(index)@example.com","sequence":\#(index + 1)}"#
    let start = monotonicNanoseconds()
    let answer = exchange(port: port, request("POST", "/tabs/\(streams[tab].id)/input", body: body))
    guard answer.status == 204 else { throw ServerMixError("an input answered \(answer.status)") }
    guard nextFrame(streams[tab].socket, &streams[tab].buffer) else {
      throw ServerMixError("an input brought no frame")
    }
    latencies.append(Double(monotonicNanoseconds() - start) / 1e6)
  }
  let sorted = latencies.sorted()
  func percentile(_ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]
  }
  var fields = [
    "first page \(format(median(pageTimes), decimals: 1)) ms",
    "first frame \(format(median(frameTimes), decimals: 1)) ms",
    "input p50 \(format(percentile(0.50), decimals: 1)) ms",
    "input p99 \(format(percentile(0.99), decimals: 1)) ms",
  ]
  if let memoryBefore, let memoryAfter {
    let perTab = (Double(memoryAfter) - Double(memoryBefore)) / Double(tabs) / 1024
    fields.append("\(format(perTab, decimals: 0)) KiB/tab")
  }
  return line("WEB-tabs", n: tabs, fields: fields)
}

/// The name of the web front's key cookie on `port`: the app's data folder and the port.
private func webCookieName(port: UInt16) -> String {
  "\(AppIdentity.dataFolderName)-\(port)"
}

/// Reads `socket` (a live connection's Server-Sent Events) until the next `frame` event is
/// complete, keeping what follows in `buffer`; `false` when none came before the timeout.
private func nextFrame(_ socket: Int32, _ buffer: inout [UInt8]) -> Bool {
  let marker = Array("event: frame\n".utf8)
  let end = Array("\n\n".utf8)
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    if let start = buffer.firstRange(of: marker),
      let close = buffer[start.upperBound...].firstRange(of: end)
    {
      buffer.removeSubrange(..<close.upperBound)
      return true
    }
    let count = recv(socket, &chunk, chunk.count, 0)
    if count <= 0 { return false }
    buffer.append(contentsOf: chunk[..<count])
  }
}

/// The resident memory of the process `pid`, in bytes (Linux), or `nil`.
private func residentBytes(ofProcess pid: Int32) -> UInt64? {
  guard let statm = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else {
    return nil
  }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = UInt64(fields[1]) else { return nil }
  return pages * UInt64(sysconf(Int32(_SC_PAGESIZE)))
}
