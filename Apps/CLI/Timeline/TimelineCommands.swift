extension Program {
  /// The timeline feature's commands.
  static let timelineCommands: [any Command.Type] = [TimelineCommand.self, PeopleCommand.self]
}
