import Models
import Navigator
import ReactiveTesting
import ServicesTesting
import TerminalUI
import Testing
import ViewModels

@testable import __TUIModule__

/// The __phrase__ screen, opened with its key from the home, on an 80x24 terminal, over a
/// fake service whose calls take 100 ms: one field per declared field.
@MainActor @Suite struct __Feature__ScreenTests {
  @Test func theHomesKeyOpensItEnterAddsTheFieldsEEditsDRemovesAndEscGoesBack() {
    Harness.run { h in
      let service = InMemoryRecordsService<__Feature__Item>(scheduler: h.clock)
      h.extraFakes = [service]
      h.auth.status.accept(.authorized(Harness.ada))
      h.start()
      #expect(h.lines.contains { $0.contains("__key__  __Title__") })
      h.press(.character("__key__"))
      expectEqual(h.app.navigator.currentStack, [.home, .__feature__])
      h.advance(by: 100)
      for field in __Feature__Draft.fields {
        #expect(h.lines.contains { $0.contains(field.label) }, "\(field.label) has a field")
      }

      // Each field gets its example, Tab moving to the next; Enter adds the entry, and the
      // form, emptied and back at its first field, adds another.
      for _ in 1...2 {
        for (index, field) in __Feature__Draft.fields.enumerated() {
          if index > 0 { h.press(.tab) }
          for _ in 0..<20 { h.press(.backspace) }
          h.type(field.example)
        }
        h.press(.enter)
        h.advance(by: 200)
        #expect(h.lines.contains { $0.contains("Added ") })
        // The emptied form is a new one: no field complains yet.
        #expect(!h.lines.contains { $0.contains("cannot be empty") })
      }
      expectEqual(
        service.items.map { $0.draft.labelledTexts.map(\.text) },
        Array(
          repeating: __Feature__Draft.fields.map(\.example), count: 2))

      // Esc leaves the form for the list, where d asks before it deletes the selected entry,
      // naming it by its first field; "Keep" has focus.
      let name = __Feature__Draft.fields[0].example
      h.press(.escape)
      h.press(.character("d"))
      #expect(h.lines.contains { $0.contains("Delete \(name)? This cannot be undone.") })
      h.press(.enter)
      h.advance(by: 200)
      expectEqual(service.items.count, 2)

      // End selects the last entry, and e edits it in the form, filled with its fields once
      // loaded; Esc drops what was typed, and the form adds again.
      let selected = service.items[1]
      h.press(.end)
      h.press(.character("e"))
      h.advance(by: 100)
      #expect(h.lines.contains { $0.contains("Edit __word__ \(selected.id)") })
      // At 60 columns, the key bar still says how to drop the edit.
      h.terminal.resize(to: TerminalSize(width: 60, height: 24))
      h.settle()
      #expect(h.lines.last?.contains("Esc cancel edit") == true, "\(h.lines.last ?? "")")
      h.terminal.resize(to: TerminalSize(width: 80, height: 24))
      h.settle()
      h.type("9")
      h.press(.escape)
      h.advance(by: 200)
      expectEqual(service.items[1], selected)
      #expect(!h.lines.contains { $0.contains("Edit __word__") })

      // A change typed into a field that takes it, then Enter, saves the entry over itself
      // and goes back to the list.
      h.press(.character("e"))
      h.advance(by: 100)
      let changed = __Feature__Draft.fields.firstIndex { field in
        var draft = __Feature__Draft()
        return (try? field.set(field.example + "2", in: &draft)) != nil
      }
      if let changed {
        for _ in 0..<changed { h.press(.tab) }
        h.type("2")
      }
      h.press(.enter)
      h.advance(by: 200)
      #expect(h.lines.contains { $0.contains("Saved ") })
      expectEqual(service.items.count, 2)
      expectEqual(service.items[1].id, selected.id)
      if let changed {
        let field = __Feature__Draft.fields[changed]
        #expect(field.text(of: service.items[1].draft) != field.text(of: selected.draft))
      }

      // In the list again, d deletes the selected entry.
      let removed = RecordListViewModel<__Feature__Item>.title(of: service.items[1])
      h.press(.character("d"))
      h.press(.tab)
      h.press(.enter)
      h.advance(by: 200)
      expectEqual(service.items.count, 1)
      #expect(h.lines.contains { $0.contains("Removed \(removed).") })
      // A second Esc is "Done".
      h.press(.escape)
      expectEqual(h.app.navigator.currentStack, [.home])
    }
  }
}
