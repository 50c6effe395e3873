import Foundation
import Models
import ViewModels
import WebUI

/// The markup the timeline's pages share: a post in a list, and the controls that page back
/// in time.
@MainActor
enum PostMarkup {
  /// A post in a list: its date, its author (unless `showsAuthor` is false) and its text, with
  /// a button that reads it whole.
  static func row(_ post: Post, showsAuthor: Bool = true) -> HTML {
    HTML(.li, .id("post-\(post.id)")) {
      HTML(.span) {
        HTML(.time, .dateTime(ISO8601DateFormatter().string(from: post.date))) {
          shortDate(post.date)
        }
        if showsAuthor { HTML(.strong) { " " + post.authorName } }
        HTML(.span, .class("hint")) { " " + post.text }
      }
      FormMarkup.button("Read", tap: "read", value: String(post.id))
    }
  }

  /// "Mar 1 09:04", in this machine's time zone.
  static func shortDate(_ date: Date) -> String {
    date.formatted(.dateTime.month(.abbreviated).day().hour(.twoDigits(amPM: .omitted)).minute())
  }

  /// The end of a list of posts: "Older posts", "Loading older posts…" while they are
  /// fetched, or "No older posts." once there is nothing older.
  static func olderPosts(isLoading: Bool, reachedOldest: Bool, isEmpty: Bool) -> HTML {
    if isLoading { return FormMarkup.status(busy: TimelineViewModel.loadingOlderText) }
    if reachedOldest {
      return FormMarkup.status(note: isEmpty ? nil : TimelineViewModel.noOlderText)
    }
    if isEmpty { return .empty }
    return HTML(.div, .class("actions")) { FormMarkup.button("Older posts", tap: "older") }
  }
}
