import CommandLineKit
import ReactiveTesting
import Testing

@Suite struct OutputStyleTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let isTerminal: Bool
    let environment: [String: String]
    let noColorFlag: Bool
    let usesColor: Bool
    var testDescription: String {
      "tty=\(isTerminal) env=\(environment.sorted { $0.key < $1.key }) flag=\(noColorFlag)"
    }
  }

  static let cases: [Case] = [
    Case(
      isTerminal: true, environment: ["TERM": "xterm-256color"], noColorFlag: false, usesColor: true
    ),
    Case(isTerminal: true, environment: [:], noColorFlag: false, usesColor: true),
    Case(
      isTerminal: false, environment: ["TERM": "xterm-256color"], noColorFlag: false,
      usesColor: false),
    Case(isTerminal: true, environment: ["NO_COLOR": "1"], noColorFlag: false, usesColor: false),
    Case(
      isTerminal: true, environment: ["NO_COLOR": "false"], noColorFlag: false, usesColor: false),
    Case(isTerminal: true, environment: ["NO_COLOR": ""], noColorFlag: false, usesColor: true),
    Case(isTerminal: true, environment: ["TERM": "dumb"], noColorFlag: false, usesColor: false),
    Case(isTerminal: true, environment: ["TERM": "xterm"], noColorFlag: true, usesColor: false),
    Case(
      isTerminal: false, environment: ["NO_COLOR": "1", "TERM": "dumb"], noColorFlag: true,
      usesColor: false),
  ]

  @Test(arguments: cases)
  func colourDecision(_ example: Case) {
    let style = OutputStyle(
      isTerminal: example.isTerminal, environment: example.environment,
      noColorFlag: example.noColorFlag)
    expectEqual(style.usesColor, example.usesColor)
  }

  @Test func helpersAddCodesOnlyWithColour() {
    let colour = OutputStyle(usesColor: true)
    expectEqual(colour.bold("b"), "\u{1B}[1mb\u{1B}[0m")
    expectEqual(colour.dim("d"), "\u{1B}[2md\u{1B}[0m")
    expectEqual(colour.red("r"), "\u{1B}[31mr\u{1B}[0m")
    expectEqual(colour.green("g"), "\u{1B}[32mg\u{1B}[0m")
    expectEqual(colour.yellow("y"), "\u{1B}[33my\u{1B}[0m")
    let plain = OutputStyle.plain
    expectEqual(
      [plain.bold("b"), plain.dim("d"), plain.red("r"), plain.green("g"), plain.yellow("y")],
      [
        "b", "d", "r", "g", "y",
      ])
  }

  @Test func consoleWithoutColorKeepsItsStreams() {
    let output = BufferOutput()
    let errors = BufferOutput()
    let console = Console(
      output: output, errors: errors, outputStyle: OutputStyle(usesColor: true),
      errorStyle: OutputStyle(usesColor: true)
    ).withoutColor()
    #expect(!console.outputStyle.usesColor && !console.errorStyle.usesColor)
    console.output.writeLine("result")
    console.errors.write("note")
    #expect(output.text == "result\n" && errors.text == "note")
  }
}
