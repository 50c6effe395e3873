import CommandLineKit
import ReactiveTesting
import Synchronization
import Testing

@Suite struct PromptTests {
  /// Answers from a list; counts reads so tests can prove nothing was read.
  final class ScriptedInput: LineInput {
    let isTerminal: Bool
    private let answers: Mutex<[String]>
    private let reads = Mutex(0)
    private let interruptSecret: Bool

    init(isTerminal: Bool, answers: [String] = [], interruptSecret: Bool = false) {
      self.isTerminal = isTerminal
      self.answers = Mutex(answers)
      self.interruptSecret = interruptSecret
    }

    var readCount: Int { reads.withLock { $0 } }

    func readLine() -> String? {
      reads.withLock { $0 += 1 }
      return answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    func readSecretLine() throws -> String? {
      if interruptSecret { throw InterruptedError() }
      return readLine()
    }
  }

  @Test func asksOnStandardErrorAndReturnsTheAnswer() throws {
    let errors = BufferOutput(isTerminal: true)
    let prompt = Prompt(
      input: ScriptedInput(isTerminal: true, answers: ["ada@example.com"]), output: errors)
    #expect(prompt.isInteractive)
    #expect(try prompt.line("Email") == "ada@example.com")
    expectEqual(errors.text, "Email: ")
  }

  @Test func secretEndsTheLineItselfBecauseEnterWasNotEchoed() throws {
    let errors = BufferOutput(isTerminal: true)
    let prompt = Prompt(
      input: ScriptedInput(isTerminal: true, answers: ["hunter22"]), output: errors)
    #expect(try prompt.secret("Password") == "hunter22")
    expectEqual(errors.text, "Password: \n")
  }

  @Test func endOfInputGivesNil() throws {
    let prompt = Prompt(input: ScriptedInput(isTerminal: true), output: BufferOutput())
    #expect(try prompt.line("Email") == nil)
    #expect(try prompt.secret("Password") == nil)
  }

  @Test func withoutATerminalItNeverAsksAndReportsAUsageError() {
    let input = ScriptedInput(isTerminal: false, answers: ["should not be read"])
    let errors = BufferOutput()
    let prompt = Prompt(input: input, output: errors)
    #expect(!prompt.isInteractive)
    #expect(throws: UsageError("cannot ask for Email: standard input is not a terminal")) {
      try prompt.line("Email")
    }
    #expect(
      throws: UsageError(
        "cannot ask for Password: standard input is not a terminal; pass --password-stdin")
    ) {
      try prompt.secret("Password", hint: "pass --password-stdin")
    }
    expectEqual(input.readCount, 0)
    expectEqual(errors.text, "")
  }

  @Test func interruptedSecretStillEndsTheLine() {
    let errors = BufferOutput(isTerminal: true)
    let prompt = Prompt(
      input: ScriptedInput(isTerminal: true, interruptSecret: true), output: errors)
    #expect(throws: InterruptedError()) { try prompt.secret("Password") }
    expectEqual(errors.text, "Password: \n")
  }
}
