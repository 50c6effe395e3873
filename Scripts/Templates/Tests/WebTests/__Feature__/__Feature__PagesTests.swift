import Models
import Navigator
import ReactiveTesting
import ServicesTesting
import Testing
import ViewModels

@testable import __WebModule__

/// The __phrase__ page in a browser tab, linked from the home, over a fake service whose calls
/// take 100 ms: one field per declared field.
@MainActor @Suite struct __Feature__PagesTests {
  @Test func theHomeLinksItTheFormAddsAndEditsAndDeleteAsksFirst() {
    WebHarness.run { h in
      let service = InMemoryRecordsService<__Feature__Item>(scheduler: h.clock)
      h.extraFakes = [service]
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.start()
      let tab = h.open("/")
      #expect(tab.html.contains(#"<a href="/__command__""#))
      tab.send("open", "/__command__")
      expectEqual(tab.path, "/__command__")
      expectEqual(h.app.tabs[tab.id]?.navigator.currentStack, [.home, .__feature__])
      h.advance(by: 100)
      for field in __Feature__Draft.fields {
        #expect(tab.html.contains(">\(field.label)</label>"), "\(field.label) has a field")
      }

      // Each field gets its example; Save adds the entry, and the emptied form adds another.
      for _ in 1...2 {
        for field in __Feature__Draft.fields {
          tab.send("field-\(field.name)", field.example)
          tab.send("left", "field-\(field.name)")
        }
        tab.send("save")
        h.advance(by: 200)
        #expect(tab.html.contains("Added "))
      }
      expectEqual(
        service.items.map { $0.draft.labelledTexts.map(\.text) },
        Array(repeating: __Feature__Draft.fields.map(\.example), count: 2))

      // Edit fills the form with the entry; Cancel edit drops what was typed.
      let selected = service.items[1]
      tab.send("edit", String(selected.id))
      h.advance(by: 100)
      #expect(tab.html.contains("Edit __word__ \(selected.id)"))
      tab.send("field-\(__Feature__Draft.fields[0].name)", "changed")
      tab.send("cancel-edit")
      h.advance(by: 200)
      expectEqual(service.items[1], selected)
      #expect(!tab.html.contains("Edit __word__"))

      // Delete asks first, naming the entry; "Keep" keeps it, the confirmation deletes it.
      tab.send("delete", String(selected.id))
      #expect(tab.html.contains(#"role="alertdialog""#))
      tab.send("keep")
      #expect(!tab.html.contains(#"role="alertdialog""#))
      tab.send("delete", String(selected.id))
      tab.send("confirm-delete")
      h.advance(by: 200)
      expectEqual(service.items.count, 1)
      #expect(tab.html.contains("Removed "))
    }
  }
}
