// swift-tools-version:6.1
// The benchmarks, a package of their own so that `make test` never builds them.
import PackageDescription

let package = Package(
    name: "LibraryBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "librarybot", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "LibraryCoreBenchmarks",
            dependencies: [
                .product(name: "LibraryCore", package: "librarybot"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LibraryCoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CommandBenchmarks",
            dependencies: [
                .product(name: "Commands", package: "librarybot"),
                .product(name: "LibraryCore", package: "librarybot"),
                .product(name: "Transport", package: "librarybot"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CommandBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "loopback-peer",
            dependencies: [.product(name: "LoopbackPeer", package: "librarybot")],
            path: "Sources/loopback-peer"
        ),
        .executableTarget(
            name: "http-floor",
            path: "Sources/http-floor",
            linkerSettings: [.linkedLibrary("curl")]
        ),
        .executableTarget(
            name: "http-load",
            dependencies: [.product(name: "Transport", package: "librarybot")],
            path: "Sources/http-load"
        ),
        .executableTarget(
            name: "chat-floor",
            dependencies: [.product(name: "Transport", package: "librarybot")],
            path: "Sources/chat-floor"
        ),
        .executableTarget(
            name: "TransportBenchmarks",
            dependencies: [
                .product(name: "Transport", package: "librarybot"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TransportBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
