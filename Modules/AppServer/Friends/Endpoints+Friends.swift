import AppAPI
import HTTPServer
import LocalBackend
import Models

extension Endpoints {
  /// Listing, reading, adding, changing and removing friends.
  func addFriendsRoutes(to router: inout HTTPRouter) {
    router.add(HTTPAPI.friends, signedIn: self) { _, _ in self.answer { try records.friends() } }
    router.add(HTTPAPI.addFriend, signedIn: self) { request, _ in
      self.answer(request, FriendDraft.self, status: 201) { draft in
        try records.addFriend(draft)
      }
    }
    router.add(HTTPAPI.friend, signedIn: self) { request, _ in
      self.withIdentifier(request) { id in self.answer { try records.friend(id: id) } }
    }
    router.add(HTTPAPI.updateFriend, signedIn: self) { request, _ in
      self.withIdentifier(request) { id in
        self.answer(request, HTTPAPI.FriendChange.self) { change in
          try records.updateFriend(
            Friend(id: id, draft: change.draft, revision: change.revision ?? 0),
            overwriting: change.revision == nil)
        }
      }
    }
    router.add(HTTPAPI.removeFriend, signedIn: self) { request, _ in
      self.withIdentifier(request) { id in
        self.answerNoContent { try records.removeFriend(id: id) }
      }
    }
  }
}
