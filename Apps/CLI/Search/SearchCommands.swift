extension Program {
  /// The search feature's command.
  static let searchCommands: [any Command.Type] = [SearchCommand.self]
}
