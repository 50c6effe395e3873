import AppAPI
import HTTPServer
import LocalBackend
import Models

extension Endpoints {
  /// Listing, adding and removing __phrase__ entries.
  func add__Feature__Routes(to router: inout HTTPRouter) {
    router.add(HTTPAPI.__feature__Items, signedIn: self) { _, _ in
      self.answer { try records.records(__Feature__Item.self) }
    }
    router.add(HTTPAPI.add__Feature__Item, signedIn: self) { request, _ in
      self.answer(request, HTTPAPI.__Feature__Draft.self, status: 201) { draft in
        try records.add__Feature__Item(text: draft.text)
      }
    }
    router.add(HTTPAPI.remove__Feature__Item, signedIn: self) { request, _ in
      self.withIdentifier(request) { id in
        self.answerNoContent { try records.remove(__Feature__Item.self, id: id) }
      }
    }
  }
}
