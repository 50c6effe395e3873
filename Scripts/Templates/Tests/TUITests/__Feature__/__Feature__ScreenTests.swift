import Models
import Navigator
import ServicesTesting
import Testing
import ViewModels

@testable import __TUIModule__

/// The __phrase__ screen, opened with its key from the home, on an 80x24 terminal, over a
/// fake service whose calls take 100 ms.
@MainActor @Suite struct __Feature__ScreenTests {
  @Test func theHomesKeyOpensItEnterAddsDRemovesAndEscGoesBack() {
    Harness.run { h in
      let service = InMemoryRecordsService<__Feature__Item>(scheduler: h.clock)
      h.extraFakes = [service]
      h.auth.status.accept(.authorized(Harness.ada))
      h.start()
      // The home lists it with its key.
      #expect(h.lines.contains { $0.contains("__key__  __Title__") })
      h.press(.character("__key__"))
      #expect(h.app.navigator.currentStack == [.home, .__feature__])
      h.advance(by: 100)
      #expect(h.line(2) == "   No entries yet.")

      // Enter on the empty field adds nothing and says why.
      h.press(.enter)
      #expect(h.line(5) == "           An entry cannot be empty.")
      h.type("milk")
      h.press(.enter)
      h.advance(by: 200)
      #expect(h.line(2) == "   1 entry")
      #expect(h.line(5) == "           Added milk.")
      #expect(h.line(7).hasSuffix("1  milk"))
      #expect(service.items.map(\.text) == ["milk"])

      // Esc leaves the field for the list, where d removes the selected entry.
      h.press(.escape)
      h.press(.character("d"))
      h.advance(by: 200)
      #expect(service.items.isEmpty)
      #expect(h.line(2) == "   No entries yet.")
      #expect(h.line(5) == "           Removed milk.")
      // A second Esc is "Done".
      h.press(.escape)
      #expect(h.app.navigator.currentStack == [.home])
    }
  }
}
