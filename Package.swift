// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Friends",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ReactiveCore", targets: ["ReactiveCore"]),
    .library(name: "ReactiveTesting", targets: ["ReactiveTesting"]),
    // For packages that move from RxSwift: RxSwift's module names over the reactive core.
    .library(name: "RxSwift", targets: ["RxSwift"]),
    .library(name: "RxRelay", targets: ["RxRelay"]),
    .library(name: "RxCocoa", targets: ["RxCocoa"]),
    .library(name: "RxTest", targets: ["RxTest"]),
    .library(name: "RxBlocking", targets: ["RxBlocking"]),
    .library(name: "Models", targets: ["Models"]),
    .library(name: "Store", targets: ["Store"]),
    .library(name: "Services", targets: ["Services"]),
    .library(name: "ServicesTesting", targets: ["ServicesTesting"]),
    .library(name: "LocalBackend", targets: ["LocalBackend"]),
    .library(name: "AppAPI", targets: ["AppAPI"]),
    .library(name: "RemoteBackend", targets: ["RemoteBackend"]),
    .library(name: "AppComposition", targets: ["AppComposition"]),
    .library(name: "Navigator", targets: ["Navigator"]),
    .library(name: "ViewModels", targets: ["ViewModels"]),
    .library(name: "HTTPServer", targets: ["HTTPServer"]),
    .library(name: "AppServer", targets: ["AppServer"]),
    .library(name: "PostgresBackend", targets: ["PostgresBackend"]),
    .library(name: "CommandLineKit", targets: ["CommandLineKit"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "TerminalText", targets: ["TerminalText"]),
    .library(name: "Cryptography", targets: ["Cryptography"]),
    .library(name: "Authentication", targets: ["Authentication"]),
    .library(name: "TerminalUITesting", targets: ["TerminalUITesting"]),
    .executable(name: "friends", targets: ["FriendsCLI"]),
    .executable(name: "benchmarks", targets: ["Benchmarks"]),
    .executable(name: "friends-tui", targets: ["FriendsTUI"]),
    .executable(name: "friends-web", targets: ["FriendsWeb"]),
    .executable(name: "friends-server", targets: ["FriendsServerApp"]),
    .executable(name: "store-stress", targets: ["StoreStress"]),
  ],
  traits: [
    // Off by default, so that nothing needs libpq: `swift build --traits Postgres`.
    .trait(
      name: "Postgres",
      description: "The PostgreSQL client over the system's libpq (pkg-config libpq)."),
    // Off by default, so that the fronts do not link Foundation's networking library (libcurl
    // on Linux) to reach http:// servers: `swift build --traits HTTPS`. macOS has it anyway.
    .trait(
      name: "HTTPS",
      description: "https:// servers through URLSession (FoundationNetworking, libcurl on Linux)."),
    // Off by default, so that nothing needs SQLite's library: the benchmark that loads the
    // store's records beside SQLite, `swift run -c release --traits SQLite benchmarks SQL-load-100k`.
    .trait(
      name: "SQLite",
      description:
        "SQLite's C library (pkg-config sqlite3), for the benchmarks' SQL-load workloads."),
  ],
  targets: [
    // Libraries
    // RxSwift's API, with RxRelay's and RxCocoa's traits, relays and binders: what the
    // `RxSwift`, `RxRelay` and `RxCocoa` products re-export, with no name that RxSwift's modules
    // lack.
    .target(name: "ReactiveCoreBase", path: "Modules/ReactiveCoreBase"),
    // That, re-exported, and what the template adds to it (leak counters, retry with backoff,
    // scoped hooks, the concurrency bridges' executor).
    .target(name: "ReactiveCore", dependencies: ["ReactiveCoreBase"], path: "Modules/ReactiveCore"),
    // RxTest's API over the core (the test scheduler, recorded events, test observables and
    // observers, the XCTest assertions), and RxBlocking's: what the `RxTest` and `RxBlocking`
    // products re-export, with no name that RxSwift's modules lack.
    .target(
      name: "ReactiveTestingBase", dependencies: ["ReactiveCoreBase"],
      path: "Modules/ReactiveTestingBase"),
    .target(
      name: "ReactiveBlocking", dependencies: ["ReactiveCoreBase"], path: "Modules/ReactiveBlocking"
    ),
    // Both of those, re-exported, and what the template adds to them (marbles, timelines,
    // `expectEvents`, the test scheduler as a `Clock` and a task executor).
    .target(
      name: "ReactiveTesting",
      dependencies: ["ReactiveCore", "ReactiveTestingBase", "ReactiveBlocking"],
      path: "Modules/ReactiveTesting"),
    // RxSwift's module names, each re-exporting the core (and RxTest's or RxBlocking's part of
    // the testing modules, without the template's additions): a package that depends on these
    // instead of RxSwift builds with its imports unchanged. Each depends on the modules its
    // RxSwift namesake depends on, so that `import RxSwift` works wherever it works with
    // RxSwift (a target that depends on `RxTest` alone, for one).
    .target(
      name: "RxSwift", dependencies: ["ReactiveCoreBase"], path: "Modules/Compatibility/RxSwift"),
    .target(
      name: "RxRelay", dependencies: ["RxSwift", "ReactiveCoreBase"],
      path: "Modules/Compatibility/RxRelay"),
    .target(
      name: "RxCocoa", dependencies: ["RxSwift", "RxRelay", "ReactiveCoreBase"],
      path: "Modules/Compatibility/RxCocoa"),
    .target(
      name: "RxTest", dependencies: ["RxSwift", "ReactiveCoreBase", "ReactiveTestingBase"],
      path: "Modules/Compatibility/RxTest"),
    .target(
      name: "RxBlocking", dependencies: ["RxSwift", "ReactiveCoreBase", "ReactiveBlocking"],
      path: "Modules/Compatibility/RxBlocking"),
    .target(name: "Models", path: "Modules/Models"),
    // A durable multi-process store of one value: a snapshot beside an append-only journal.
    .target(name: "Store", dependencies: ["CChecksum", "CTextScan"], path: "Modules/Store"),
    // The processor's carry-less multiplication, for the store's checksums.
    .target(name: "CChecksum", path: "Modules/CChecksum"),
    // The processor's vector instructions, for finding where the store's strings end.
    .target(name: "CTextScan", path: "Modules/CTextScan"),
    .target(
      name: "Services", dependencies: ["Models", "ReactiveCore"],
      path: "Modules/Services"),
    .target(
      name: "ServicesTesting",
      dependencies: ["Models", "Services", "ReactiveCore", "ReactiveTesting"],
      path: "Modules/ServicesTesting"),
    // The embedded store of the app's data, and the services over it.
    .target(
      name: "LocalBackend",
      dependencies: [
        "Models", "Services", "Store", "ReactiveCore", "Cryptography", "Authentication",
      ],
      path: "Modules/LocalBackend"),
    // The HTTP API's routes and bodies, shared by the server and the remote backend.
    .target(name: "AppAPI", dependencies: ["Models"], path: "Modules/AppAPI"),
    // The services over the app's HTTP API.
    .target(
      name: "RemoteBackend", dependencies: ["Models", "Services", "AppAPI", "ReactiveCore"],
      path: "Modules/RemoteBackend"),
    // The app's names and the choice of a backend: what the fronts build the app from.
    .target(
      name: "AppComposition",
      dependencies: ["Models", "Services", "LocalBackend", "RemoteBackend", "ReactiveCore"],
      path: "Modules/AppComposition"),
    .target(
      name: "Navigator", dependencies: ["ReactiveCore"], path: "Modules/Navigator"),
    .target(
      name: "ViewModels", dependencies: ["Models", "Services", "Navigator", "ReactiveCore"],
      path: "Modules/ViewModels"),
    .target(name: "HTTPServer", path: "Modules/HTTPServer"),
    // The system's PostgreSQL client library, only with the Postgres trait.
    .systemLibrary(
      name: "CLibPQ", path: "Modules/CLibPQ", pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
    // The system's SQLite library, only with the SQLite trait, for a benchmark.
    .systemLibrary(
      name: "CSQLite", path: "Modules/CSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    // Connections, a bounded pool and migrations over libpq; without the Postgres trait only
    // its error and connection-string types.
    .target(
      name: "PostgresClient",
      dependencies: [.target(name: "CLibPQ", condition: .when(traits: ["Postgres"]))],
      path: "Modules/PostgresClient"),
    // The app's records, accounts, sessions and login attempts in PostgreSQL, for servers
    // that run as several replicas; empty without the Postgres trait.
    .target(
      name: "PostgresBackend",
      dependencies: ["PostgresClient", "LocalBackend", "Authentication", "Models", "Cryptography"],
      path: "Modules/PostgresBackend"),
    .target(
      name: "AppServer",
      dependencies: [
        "HTTPServer", "LocalBackend", "AppAPI", "Models", "Authentication", "Cryptography",
        "PostgresBackend", "PostgresClient",
      ],
      path: "Modules/AppServer"),
    // What both fronts' toolkits measure and escape text with: terminal columns, and control
    // characters shown escaped so that data never writes to the terminal.
    .target(name: "TerminalText", path: "Modules/TerminalText"),
    .target(name: "WebUI", path: "Modules/WebUI"),
    .target(name: "CommandLineKit", dependencies: ["TerminalText"], path: "Modules/CommandLineKit"),
    // The terminal toolkit. Built optimised in debug builds too (`swift run friends-tui` is one),
    // so that a 1 MiB paste is read and typed into a field in milliseconds there as well.
    .target(
      name: "TerminalUI", dependencies: ["TerminalText"], path: "Modules/TerminalUI",
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    // SHA-256, HMAC, PBKDF2 and password hashes. Built optimised in debug builds too, so that a
    // 600,000-iteration password hash stays well under a second there.
    .target(
      name: "Cryptography", dependencies: ["CSHA256"], path: "Modules/Cryptography",
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    // The processor's SHA-256 instructions, for the password hash; optimised in debug builds
    // too, for the same reason.
    .target(
      name: "CSHA256", path: "Modules/CSHA256",
      cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
    // Session tokens kept as digests, and a throttle for password guessing.
    .target(name: "Authentication", dependencies: ["Cryptography"], path: "Modules/Authentication"),
    // An in-memory terminal and a small terminal emulator, for tests of full-screen programs.
    .target(
      name: "TerminalUITesting", dependencies: ["TerminalUI"], path: "Modules/TerminalUITesting"),

    // Executables
    // Measures the reactive core (on a real and a virtual clock), the embedded store (and, with
    // the SQLite trait, SQLite reading the same records), the password hash and the HTTP server
    // under slow clients.
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "ReactiveCore", "ReactiveTesting", "Models", "Services", "LocalBackend", "Store",
        "Cryptography", "HTTPServer", "AppComposition",
        .target(name: "CSQLite", condition: .when(traits: ["SQLite"])),
      ],
      path: "Apps/Benchmarks", exclude: ["README.md"]),
    // The command-line front: parses arguments, feeds the view models, prints their outputs.
    .executableTarget(
      name: "FriendsCLI",
      dependencies: [
        "CommandLineKit", "ViewModels", "Navigator", "Services", "AppComposition", "LocalBackend",
        "Models", "ReactiveCore",
      ],
      path: "Apps/CLI"),
    // The HTTP server of the app's API, over the embedded store.
    .executableTarget(
      name: "FriendsServerApp",
      dependencies: ["AppServer", "AppComposition", "CommandLineKit", "PostgresClient"],
      path: "Apps/Server"),
    // Writes to a store from a separate process; the store's tests launch it to prove that
    // concurrent and killed writers lose no acknowledged write.
    .executableTarget(
      name: "StoreStress", dependencies: ["LocalBackend", "Models", "Store"],
      path: "Apps/StoreStress"),
    // The full-screen terminal front: screens over the view models, drawn with TerminalUI.
    .executableTarget(
      name: "FriendsTUI",
      dependencies: [
        "ViewModels", "Navigator", "Services", "AppComposition", "LocalBackend", "Models",
        "ReactiveCore", "TerminalUI", "CommandLineKit",
      ],
      path: "Apps/TUI"),
    // The browser front: pages over the same view models, served by the HTTP server.
    .executableTarget(
      name: "FriendsWeb",
      dependencies: [
        "ViewModels", "Navigator", "Services", "AppComposition", "LocalBackend", "Models",
        "ReactiveCore", "CommandLineKit", "HTTPServer", "WebUI", "Cryptography",
      ],
      path: "Apps/Web"),

    // Tests
    // What test targets share: temporary directories, launching built executables, a
    // pseudo-terminal.
    .target(name: "TestSupport", dependencies: ["PostgresClient"], path: "Tests/TestSupport"),
    .testTarget(
      name: "ReactiveCoreTests",
      dependencies: ["ReactiveCore", "ReactiveCoreBase", "ReactiveTesting"],
      path: "Tests/ReactiveCoreTests"),
    .testTarget(
      name: "ReactiveTestingTests",
      dependencies: ["ReactiveCore", "ReactiveCoreBase", "ReactiveTesting", "ReactiveTestingBase"],
      path: "Tests/ReactiveTestingTests"),
    // Code written for RxSwift, with RxSwift's imports and module-qualified names.
    .testTarget(
      name: "RxCompatibilityTests",
      dependencies: ["RxSwift", "RxRelay", "RxCocoa", "RxTest", "RxBlocking", "HTTPServer"],
      path: "Tests/RxCompatibilityTests"),
    .testTarget(
      name: "ModelsTests", dependencies: ["Models", "ReactiveTesting"], path: "Tests/ModelsTests"),
    .testTarget(
      name: "StoreTests", dependencies: ["Store", "ReactiveTesting"], path: "Tests/StoreTests"),
    .testTarget(
      name: "ServicesTests",
      dependencies: ["Services", "Models", "ReactiveCore", "ReactiveTesting"],
      path: "Tests/ServicesTests"),
    .testTarget(
      name: "LocalBackendTests",
      dependencies: [
        "LocalBackend", "Services", "Store", "Models", "ReactiveCore", "ReactiveTesting",
        "TestSupport", "Authentication",
        "StoreStress",
      ],
      path: "Tests/LocalBackendTests"),
    .testTarget(
      name: "AppAPITests", dependencies: ["AppAPI", "Models", "ReactiveTesting"],
      path: "Tests/AppAPITests"),
    .testTarget(
      name: "RemoteBackendTests",
      dependencies: [
        "RemoteBackend", "AppAPI", "LocalBackend", "Services", "Models", "ReactiveCore",
        "ReactiveTesting", "HTTPServer", "AppServer", "TestSupport", "Authentication",
      ],
      path: "Tests/RemoteBackendTests"),
    .testTarget(
      name: "AppCompositionTests",
      dependencies: [
        "AppComposition", "LocalBackend", "RemoteBackend", "Services", "Models", "ReactiveCore",
        "ReactiveTesting", "TestSupport",
      ],
      path: "Tests/AppCompositionTests"),
    .testTarget(
      name: "NavigatorTests",
      dependencies: ["Navigator", "ReactiveCore", "ReactiveTesting"],
      path: "Tests/NavigatorTests"),
    .testTarget(
      name: "ViewModelsTests",
      dependencies: [
        "ViewModels", "Navigator", "Models", "Services", "ServicesTesting", "ReactiveCore",
        "ReactiveTesting",
      ],
      path: "Tests/ViewModelsTests"),
    .testTarget(
      name: "PostgresClientTests",
      dependencies: ["PostgresClient", "TestSupport", "ReactiveTesting"],
      path: "Tests/PostgresClientTests"),
    .testTarget(
      name: "PostgresBackendTests",
      dependencies: [
        "PostgresBackend", "PostgresClient", "LocalBackend", "Models", "Cryptography",
        "Authentication", "TestSupport",
        "ReactiveTesting",
      ],
      path: "Tests/PostgresBackendTests"),
    .testTarget(
      name: "HTTPServerTests", dependencies: ["HTTPServer", "ReactiveTesting"],
      path: "Tests/HTTPServerTests"),
    .testTarget(
      name: "AppServerTests",
      dependencies: [
        "AppServer", "FriendsServerApp", "LocalBackend", "RemoteBackend", "AppAPI",
        "AppComposition", "TestSupport", "Authentication", "Cryptography", "Models",
        "PostgresBackend", "PostgresClient", "Store",
        "ReactiveTesting",
      ],
      path: "Tests/AppServerTests"),
    .testTarget(
      name: "CommandLineKitTests",
      dependencies: ["CommandLineKit", "TestSupport", "ReactiveTesting"],
      path: "Tests/CommandLineKitTests"),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "FriendsCLI", "CommandLineKit", "ViewModels", "Navigator", "Services", "ServicesTesting",
        "LocalBackend", "AppComposition", "Models", "ReactiveCore", "ReactiveTesting",
        "HTTPServer", "AppServer", "TestSupport", "Authentication",
      ],
      path: "Tests/CLITests"),
    .testTarget(
      name: "TerminalUITests",
      dependencies: ["TerminalUI", "TerminalUITesting", "TestSupport", "ReactiveTesting"],
      path: "Tests/TerminalUITests"),
    .testTarget(
      name: "WebUITests", dependencies: ["WebUI", "ReactiveTesting"], path: "Tests/WebUITests"),
    .testTarget(
      name: "TerminalTextTests", dependencies: ["TerminalText", "ReactiveTesting"],
      path: "Tests/TerminalTextTests"),
    .testTarget(
      name: "CryptographyTests", dependencies: ["Cryptography", "ReactiveTesting"],
      path: "Tests/CryptographyTests"),
    .testTarget(
      name: "AuthenticationTests",
      dependencies: ["Authentication", "Cryptography", "TestSupport", "ReactiveTesting"],
      path: "Tests/AuthenticationTests"),
    .testTarget(
      name: "TUITests",
      dependencies: [
        "FriendsTUI", "TerminalUI", "TerminalUITesting", "CommandLineKit", "ViewModels",
        "Navigator", "Services",
        "ServicesTesting", "AppComposition", "Models", "ReactiveCore", "ReactiveTesting",
      ],
      path: "Tests/TUITests"),
    .testTarget(
      name: "WebTests",
      dependencies: [
        "FriendsWeb", "HTTPServer", "WebUI", "Navigator", "Services", "ServicesTesting",
        "AppComposition", "Models", "ReactiveCore", "ReactiveTesting",
      ],
      path: "Tests/WebTests"),
    // Runs the benchmark executable on tiny sizes: its command line and its results.
    .testTarget(
      name: "FrontsTests",
      dependencies: [
        "FriendsCLI", "FriendsTUI", "CommandLineKit", "TerminalUI", "TerminalUITesting",
        "Services", "ServicesTesting", "AppComposition", "Models", "ReactiveCore",
        "ReactiveTesting",
      ],
      path: "Tests/FrontsTests"),
    .testTarget(
      name: "BenchmarksTests", dependencies: ["Benchmarks", "TestSupport", "ReactiveTesting"],
      path: "Tests/BenchmarksTests"),
  ]
)

// A run that needs only some of the test targets, such as CI's runs under the sanitizers (each
// a build of its own), names them in ONLY_TEST_TARGETS, separated by commas; the others are left
// out of that build, so that it compiles just those and what they import.
if let kept = Context.environment["ONLY_TEST_TARGETS"]?.split(separator: ",") {
  package.targets.removeAll { $0.type == .test && !kept.contains(Substring($0.name)) }
}
