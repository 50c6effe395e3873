import Foundation
import ReactiveTesting
import Testing

@testable import Cryptography

/// SHA-256 against the examples of FIPS 180-4 (NIST's "SHA256.pdf" example values) and RFC
/// 6234, with each engine this processor runs: the portable code, and the processor's
/// instructions where it has them.
@Suite struct SHA256Tests {
  @Test(arguments: SHA256Engine.usable) func oneBlockMessageABC(engine: SHA256Engine) {
    expectEqual(
      hex(SHA256.hash(Array("abc".utf8), engine: engine)),
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test(arguments: SHA256Engine.usable) func twoBlockMessage(engine: SHA256Engine) {
    let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    expectEqual(
      hex(SHA256.hash(Array(message.utf8), engine: engine)),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test(arguments: SHA256Engine.usable) func oneMillionTimesA(engine: SHA256Engine) {
    expectEqual(
      hex(SHA256.hash(repeatElement(UInt8(ascii: "a"), count: 1_000_000), engine: engine)),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test(arguments: SHA256Engine.usable) func emptyMessage(engine: SHA256Engine) {
    expectEqual(
      hex(SHA256.hash([], engine: engine)),
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test(arguments: SHA256Engine.usable) func messageOf896Bits(engine: SHA256Engine) {
    let message =
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
      + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
    expectEqual(
      hex(SHA256.hash(Array(message.utf8), engine: engine)),
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
  }

  /// Every split of a message into two pieces gives the digest of the whole: the pending
  /// block is carried over right, including lengths around the 55- and 64-byte edges.
  @Test(arguments: SHA256Engine.usable) func piecesGiveTheDigestOfTheWhole(engine: SHA256Engine) {
    let message = (0..<130).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
    for length in [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 130] {
      let whole = SHA256.hash(message[..<length], engine: engine)
      for split in 0...length {
        var hasher = SHA256(engine: engine)
        hasher.update(message[..<split])
        hasher.update(message[split..<length])
        expectEqual(hasher.finalize(), whole, "length \(length), split at \(split)")
      }
    }
  }

  /// RFC 6234's test 4: ten repetitions of a 64-byte text, ten blocks fed at once.
  @Test(arguments: SHA256Engine.usable) func manyBlocksAtOnce(engine: SHA256Engine) {
    let text = "0123456701234567012345670123456701234567012345670123456701234567"
    let message = Array(String(repeating: text, count: 10).utf8)
    expectEqual(
      hex(SHA256.hash(message, engine: engine)),
      "594847328451bdfa85056225462cc1d867d877fb388df0ce35f25ab5562bfbb5")
  }

  /// The engines agree on every length up to five blocks, fed whole and in uneven pieces.
  @Test func enginesAgreeOnEveryLength() {
    var generator = SystemRandomNumberGenerator()
    let message = (0..<330).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for length in 0...message.count {
      let portable = SHA256.hash(message[..<length], engine: .portable)
      for engine in SHA256Engine.usable {
        expectEqual(SHA256.hash(message[..<length], engine: engine), portable, "\(length)")
        var hasher = SHA256(engine: engine)
        for piece in stride(from: 0, to: length, by: 37) {
          hasher.update(message[piece..<min(piece + 37, length)])
        }
        expectEqual(hasher.finalize(), portable, "\(length) in pieces")
      }
    }
  }

  /// The processor's instructions are found where the processor has them, and are then the
  /// engine of the public API.
  @Test func processorInstructionsAreUsedWhereTheProcessorHasThem() throws {
    #if os(Linux) && arch(x86_64)
      let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
      let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") } ?? ""
      let hasInstructions = flags.split(separator: " ").contains("sha_ni")
      expectEqual(SHA256Engine.processorAvailable, hasInstructions)
    #elseif os(macOS) && arch(arm64)
      #expect(SHA256Engine.processorAvailable)
    #endif
    expectEqual(SHA256Engine.best, (SHA256Engine.processorAvailable ? .processor : .portable))
    expectEqual(SHA256Engine.usable.first, .portable)
  }
}
