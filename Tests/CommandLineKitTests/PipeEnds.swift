import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pipe whose ends are closed on deinit (or earlier with `closeWriting()`).
final class PipeEnds {
  let reading: Int32
  private(set) var writing: Int32

  init() throws {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw PseudoTerminal.Failure(step: "pipe") }
    reading = ends[0]
    writing = ends[1]
  }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(writing, $0.baseAddress, $0.count) }
  }

  func closeWriting() {
    if writing >= 0 { close(writing) }
    writing = -1
  }

  func receive() -> String {
    closeWriting()
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = read(reading, &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  deinit {
    close(reading)
    closeWriting()
  }
}
