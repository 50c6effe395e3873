import Models
import Navigator

/// The timeline feature's screens.
public enum TimelineScene: FeatureScene {
  /// The timeline of everyone's posts.
  case timeline
  /// The members whose posts make the timeline.
  case people
  /// One member's posts.
  case personTimeline(Person)
  /// One post, whole.
  case post(Post)

  /// A short title, for headers and help.
  public var title: String {
    switch self {
    case .timeline: "Timeline"
    case .people: "People"
    case .personTimeline(let person): person.name
    case .post: "Post"
    }
  }

  /// A person's timeline without a person (no name) is refused.
  public var refusal: NavigationRefusal? {
    switch self {
    case .personTimeline(let person) where person.name.isEmpty:
      NavigationRefusal(TimelineRefusal.missingPerson)
    case .timeline, .people, .personTimeline, .post:
      nil
    }
  }
}

/// The timeline feature's requests that may be refused before they are plain routes.
public enum TimelineRoute: FeatureRoute {
  /// Show the timeline of the selected person, if one is selected.
  case showPersonTimeline(Person?)

  /// Showing the person's timeline, or `missingPerson` without a person.
  public var resolved: Result<Route, NavigationRefusal> {
    switch self {
    case .showPersonTimeline(let person):
      guard let person, !person.name.isEmpty else {
        return .failure(NavigationRefusal(TimelineRefusal.missingPerson))
      }
      return .success(.show(.personTimeline(person)))
    }
  }
}

/// Why the timeline feature refuses a scene or a route.
public enum TimelineRefusal: FeatureRefusal {
  /// A person's timeline was requested without a person.
  case missingPerson

  /// A sentence for the user.
  public var description: String {
    switch self {
    case .missingPerson: "Choose a person first."
    }
  }
}

extension Scene {
  /// The timeline of everyone's posts.
  public static var timeline: Scene { Scene(TimelineScene.timeline) }
  /// The members whose posts make the timeline.
  public static var people: Scene { Scene(TimelineScene.people) }
  /// One member's posts.
  public static func personTimeline(_ person: Person) -> Scene {
    Scene(TimelineScene.personTimeline(person))
  }
  /// One post, whole.
  public static func post(_ post: Post) -> Scene { Scene(TimelineScene.post(post)) }
}

extension Route {
  /// Show the timeline of the selected person, if one is selected.
  public static func showPersonTimeline(_ person: Person?) -> Route {
    Route(TimelineRoute.showPersonTimeline(person))
  }
}

extension NavigationRefusal {
  /// A person's timeline was requested without a person.
  public static var missingPerson: NavigationRefusal {
    NavigationRefusal(TimelineRefusal.missingPerson)
  }
}
