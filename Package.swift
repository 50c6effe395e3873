// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Friends",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ReactiveCore", targets: ["ReactiveCore"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
  ],
  targets: [
    .target(name: "ReactiveCore", path: "Modules/ReactiveCore"),
    .testTarget(
      name: "ReactiveCoreTests", dependencies: ["ReactiveCore"], path: "Tests/ReactiveCoreTests"),
    .target(name: "TerminalUI", path: "Modules/TerminalUI"),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI"], path: "Tests/TerminalUITests"),
  ]
)
