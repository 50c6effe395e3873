import Models

extension Scene {
  /// The title of one of the timeline feature's scenes.
  var timelineTitle: String {
    switch self {
    case .people: return "People"
    case .personTimeline(let person): return person.name
    case .post: return "Post"
    default: return "Timeline"
    }
  }

  /// Why the scene cannot be shown, for a person's timeline without a person.
  var timelineRefusal: NavigationRefusal? {
    if case .personTimeline(let person) = self, person.name.isEmpty { return .missingPerson }
    return nil
  }
}

extension Navigator {
  /// The stack that showing `person`'s timeline leads to, or why it is refused.
  func personTimelineStack(_ person: Person?) -> Result<[Scene], NavigationRefusal> {
    guard let person, !person.name.isEmpty else { return .failure(.missingPerson) }
    return next(after: .show(.personTimeline(person)))
  }
}
