extension Program {
  /// The friends feature's commands.
  static let friendsCommands: [any Command.Type] = [
    ListCommand.self, ShowCommand.self, AddCommand.self, EditCommand.self, RemoveCommand.self,
  ]
}
