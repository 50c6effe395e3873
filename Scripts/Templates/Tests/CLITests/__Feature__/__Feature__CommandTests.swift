import AppComposition
import CommandLineKit
import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import ServicesTesting
import Testing
import ViewModels

@testable import __CLIModule__

/// `__command__ list`, `show`, `add`, `edit` and `remove`, one option per declared field,
/// bound to the view models on virtual time, over a fake service whose calls take 100 ms.
@Suite @MainActor struct __Feature__CommandTests {
  typealias Draft = __Feature__Draft

  /// Each field's option with an example of its type (a valid `add`), or with the text
  /// `values` gives for it by name.
  static func options(_ values: [String: String] = [:]) -> [String] {
    Draft.fields.flatMap { [$0.option, values[$0.name] ?? $0.example] }
  }

  static func harness(loggedIn: Bool = true) -> (Harness, InMemoryRecordsService<__Feature__Item>) {
    let harness = Harness(loggedIn: loggedIn)
    let service = InMemoryRecordsService<__Feature__Item>(scheduler: harness.clock)
    harness.extraFakes = [service]
    return (harness, service)
  }

  @Test func addListShowEditAndRemove() throws {
    let (harness, service) = Self.harness()
    expectEqual(harness.run(["__command__", "add"] + Self.options()), .success)
    #expect(harness.stdout.hasPrefix("Added "))
    let added = try #require(service.items.first)
    expectEqual(added.draft.labelledTexts.map(\.text), Draft.fields.map(\.example))
    let printed = harness.stdout.count
    expectEqual(harness.run(["--json", "__command__", "list"]), .success)
    let json = Data(harness.stdout.dropFirst(printed).utf8)
    let records = try JSONSerialization.jsonObject(with: json)
    let first = try #require((records as? [[String: Any]])?.first)
    for field in Draft.fields {
      #expect(first[field.name] != nil, "\(field.name) is in the JSON")
    }
    expectEqual(harness.run(["__command__", "show", "\(added.id)"]), .success)
    #expect(harness.stdout.contains("\(Draft.fields[0].label):"))
    let field = Draft.fields[0]
    let value = field.isOptional ? "" : field.example
    expectEqual(harness.run(["__command__", "edit", "\(added.id)", field.option, value]), .success)
    expectEqual(service.items.first?.revision, 2)
    expectEqual(harness.run(["__command__", "remove", "\(added.id)"]), .success)
    #expect(service.items.isEmpty)
    expectEqual(harness.stderr, "")
  }

  @Test func aValueOfTheWrongTypeIsAUsageErrorNamingTheField() {
    let (harness, service) = Self.harness()
    for field in Draft.fields where !field.typeName.hasPrefix("String") {
      expectEqual(
        harness.run(["__command__", "add"] + Self.options([field.name: "not-one"])), .usage)
      #expect(harness.stderr.contains("\(field.option) must be \(field.expected)"))
    }
    expectEqual(harness.run(["__command__", "remove", "x"]), .usage)
    expectEqual(harness.run(["__command__", "shout"]), .usage)
    #expect(service.calls.isEmpty)
  }

  @Test func aValueARuleRefusesOrAMissingIdChangesNothing() {
    let (harness, service) = Self.harness()
    for field in Draft.fields where field.typeName == "String" {
      expectEqual(
        harness.run(["__command__", "add"] + Self.options([field.name: " "])), .failure)
      #expect(harness.stderr.contains("\(field.label) cannot be empty."))
    }
    expectEqual(harness.run(["__command__", "remove", "7"]), .failure)
    #expect(harness.stderr.hasSuffix("error: No __word__ has the id 7.\n"))
    #expect(service.items.isEmpty)
  }

  @Test func itsHelpNamesTheEntriesAsItsMessagesDo() {
    expectEqual(
      __Feature__Command.spec.abstract, "List, show, add, edit or remove \(Draft.recordPlural).")
    expectEqual(Draft.recordWord, "__word__")
  }

  @Test func itNeedsAnAccount() {
    let (harness, service) = Self.harness(loggedIn: false)
    expectEqual(harness.run(["__command__", "list"]), .failure)
    expectEqual(harness.stdout, "")
    expectEqual(harness.stderr, "error: Not logged in. Run '\(AppIdentity.command) login' first.\n")
    #expect(service.calls.isEmpty)
  }
}
