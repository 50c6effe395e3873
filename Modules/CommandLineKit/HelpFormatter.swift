extension ProgramSpec {
  /// The width help text is wrapped to.
  static let helpWidth = 80
  /// Where the help column of an option or command list starts.
  static let helpColumn = 26

  /// The program's help: overview, usage, global options, and the list of commands.
  public func helpText() -> String {
    if let main { return helpText(for: main) }
    var sections = [Self.hanging("OVERVIEW:", Self.words(abstract))]
    if !discussion.isEmpty { sections.append(Self.reflow(discussion)) }
    sections.append(Self.hanging("USAGE: \(name)", ["[<options>]", "<command>"]))
    let builtIns = [
      ("--version", "Show the version."),
      ("-h, --help", "Show help information."),
    ]
    sections.append(
      Self.list("OPTIONS", rows: Self.rows(globalOptions, globalFlags) + builtIns))
    sections.append(Self.list("COMMANDS", rows: allCommands.map { ($0.name, $0.abstract) }))
    sections.append("See '\(name) help <command>' for detailed help.")
    return sections.joined(separator: "\n\n")
  }

  /// The help of `command`: overview, usage, arguments, options, and global options. The
  /// same text answers `-h`, `--help` and `help COMMAND`.
  public func helpText(for command: CommandSpec) -> String {
    var sections = [Self.hanging("OVERVIEW:", Self.words(command.abstract))]
    if !command.discussion.isEmpty { sections.append(Self.reflow(command.discussion)) }
    sections.append(Self.hanging("USAGE: \(synopsisHead(of: command))", usageWords(of: command)))
    if !command.arguments.isEmpty {
      sections.append(
        Self.list("ARGUMENTS", rows: command.arguments.map { ($0.placeholder, $0.help) }))
    }
    var help = [("-h, --help", "Show help information.")]
    if command == main { help.insert(("--version", "Show the version."), at: 0) }
    sections.append(
      Self.list("OPTIONS", rows: Self.rows(command.options, command.flags) + help))
    if !globalOptions.isEmpty || !globalFlags.isEmpty {
      sections.append(Self.list("GLOBAL OPTIONS", rows: Self.rows(globalOptions, globalFlags)))
    }
    return sections.joined(separator: "\n\n")
  }

  /// The one-line synopsis of `command`:
  /// `todo [<options>] show [--owner <email>] [--tag <tag> ...] [--json] <id> [<field>]`,
  /// where `[<options>]` stands for the program's global options, when it has any.
  public func usage(of command: CommandSpec) -> String {
    ([synopsisHead(of: command)] + usageWords(of: command)).joined(separator: " ")
  }

  /// The program's name and the command's, with `[<options>]` between them for the global
  /// options the command takes too (the program's help lists them).
  private func synopsisHead(of command: CommandSpec) -> String {
    guard command != main else { return name }
    let global = globalOptions.isEmpty && globalFlags.isEmpty ? "" : " [<options>]"
    return "\(name)\(global) \(command.name)"
  }

  /// The options, flags and arguments of `command`'s synopsis, one bracketed group a word.
  private func usageWords(of command: CommandSpec) -> [String] {
    var words: [String] = []
    for option in command.options {
      let repeatMark = option.isRepeatable ? " ..." : ""
      words.append("[\(option.longForm) <\(option.valueName)>\(repeatMark)]")
    }
    for flag in command.flags { words.append("[\(flag.longForm)]") }
    for argument in command.arguments {
      words.append(argument.isRequired ? argument.placeholder : "[\(argument.placeholder)]")
    }
    return words
  }

  /// `head` followed by `words`, wrapped to ``helpWidth``; the lines after the first are
  /// indented to where the words start (or by four when `head` is too long for that).
  private static func hanging(_ head: String, _ words: [String]) -> String {
    let indentWidth = head.count + 1 <= helpWidth / 2 ? head.count + 1 : 4
    let lines = pack(words, firstWidth: helpWidth - head.count - 1, width: helpWidth - indentWidth)
    guard let first = lines.first else { return head }
    let indent = String(repeating: " ", count: indentWidth)
    return ([head + " " + first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
  }

  /// `text` reflowed to ``helpWidth``: the lines of each paragraph (up to a blank line) joined
  /// and wrapped again at spaces, so a discussion may break its lines anywhere.
  static func reflow(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .split(whereSeparator: { $0.allSatisfy(\.isWhitespace) })
      .map { paragraph in wrap(paragraph.joined(separator: " "), width: helpWidth) }
      .map { $0.joined(separator: "\n") }
      .joined(separator: "\n\n")
  }

  /// The words of `text`, split at spaces.
  private static func words(_ text: String) -> [String] {
    text.split(separator: " ").map(String.init)
  }

  /// Label and help rows for options, then flags.
  private static func rows(_ options: [OptionSpec], _ flags: [FlagSpec]) -> [(String, String)] {
    let optionRows = options.map { option in
      let label = names(option.short, option.longForm) + " <\(option.valueName)>"
      return (label, option.isRepeatable ? "\(option.help) (repeatable)" : option.help)
    }
    return optionRows + flags.map { (names($0.short, $0.longForm), $0.help) }
  }

  /// `-e, --email` or `--email`.
  private static func names(_ short: Character?, _ long: String) -> String {
    short.map { "-\($0), \(long)" } ?? long
  }

  /// A titled list: each label indented by two, its help in a column, wrapped. A label too
  /// wide for the column puts its help on the next line.
  private static func list(_ title: String, rows: [(label: String, help: String)]) -> String {
    let indent = String(repeating: " ", count: helpColumn)
    var lines = ["\(title):"]
    for row in rows {
      let label = "  " + row.label
      let wrapped = wrap(row.help, width: helpWidth - helpColumn)
      guard let head = wrapped.first else {
        lines.append(label)
        continue
      }
      if label.count + 2 > helpColumn {
        lines += [label, indent + head]
      } else {
        lines.append(label + String(repeating: " ", count: helpColumn - label.count) + head)
      }
      lines += wrapped.dropFirst().map { indent + $0 }
    }
    return lines.joined(separator: "\n")
  }

  /// Splits `text` into lines of at most `width` characters at spaces (a longer word gets a
  /// line of its own).
  static func wrap(_ text: String, width: Int) -> [String] {
    pack(words(text), firstWidth: width, width: width)
  }

  /// Puts `words` on lines, separated by spaces: the first line at most `firstWidth`
  /// characters, the others at most `width` (a longer word gets a line of its own).
  private static func pack(_ words: [String], firstWidth: Int, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in words {
      let limit = lines.isEmpty ? firstWidth : width
      if current.isEmpty {
        current = word
      } else if current.count + 1 + word.count <= limit {
        current += " " + word
      } else {
        lines.append(current)
        current = word
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
