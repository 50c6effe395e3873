extension Program {
  /// Every feature's commands, in the order help lists them: one line each, each a list
  /// declared in the feature's folder.
  static let features: [[any Command.Type]] = [
    friendsCommands,
    searchCommands,
    timelineCommands,
  ]
}
