import Foundation

/// A book offered to read next, and why.
public struct Recommendation: Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// By the author of `like`, a book the reader borrowed (or asked about).
        case sameAuthor(like: String)
        /// In `category` (as the offered book writes it), as `like` is.
        case category(String, like: String)
        /// Lent `times` times.
        case popular(times: Int)
        /// Nothing more to say of it.
        case onShelf
    }

    /// The copy offered: one on the shelf when the title has one.
    public var status: BookStatus
    public var reason: Reason
}

extension LibraryService {
    /// Books for `reader` to read next, at most `limit`. With `reference`, those like that book:
    /// by its author or sharing a category. Without, those like the books the reader has and had
    /// (the latest weigh most), then the most borrowed, then the newest. One copy per title, a
    /// title on the shelf first (a copy kept for someone else is not); never a title the
    /// reader has or had, the book asked about, or a copy reported lost that nobody has. With
    /// `category`, only books that carry it (case, accents and punctuation aside).
    public func recommendations(for reader: Borrower, like reference: String?, in category: String? = nil, at now: Date,
                                limit: Int = 5) async throws -> [Recommendation] {
        func titleKey(_ book: Book) -> String { TextKey.fold(book.title) + "\u{1}" + TextKey.fold(book.author) }
        let current = try await loans(of: reader).map(\.book)
        let past = try await pastLoans(of: reader, limit: 50).loans.map(\.book)
        var seeds = current + past
        if let reference { seeds = try await whoHas(reference).prefix(1).map(\.book) }
        let excluded = Set((current + past + seeds).map(titleKey))

        // The titles, each with its copies, in the order they came to the shelf.
        var order: [String] = [], copies: [String: [BookStatus]] = [:]
        let categoryKey = category.map(TextKey.fold)
        for status in try await list(.all, order: .oldest, at: now) where status.loan != nil || status.book.report?.kind != .lost {
            if let categoryKey, !status.book.categories.contains(where: { TextKey.fold($0) == categoryKey }) { continue }
            let key = titleKey(status.book)
            guard !excluded.contains(key) else { continue }
            if copies[key] == nil { order.append(key) }
            copies[key, default: []].append(status)
        }
        func onShelf(_ status: BookStatus) -> Bool { status.isOnShelf(for: reader) }
        let lent = try await timesLent(copies.values.flatMap { $0.map(\.book.id) })

        // How much each title is like the seeds: its author 3, each shared category 2, a seed
        // weighing less the further down the reader's history it is.
        struct Scored { var status: BookStatus; var score: Double; var reason: Recommendation.Reason; var times: Int; var available: Bool; var position: Int }
        let seedKeys = seeds.prefix(20).map { seed in (seed, TextKey.fold(seed.author), Set(seed.categories.map(TextKey.fold))) }
        var scored: [Scored] = []
        for (position, key) in order.enumerated() {
            guard let statuses = copies[key], let first = statuses.first else { continue }
            let status = statuses.first(where: onShelf) ?? first
            let book = status.book, author = TextKey.fold(book.author)
            var score = 0.0, best: (weight: Double, reason: Recommendation.Reason)?
            for (index, (seed, seedAuthor, seedCategories)) in seedKeys.enumerated() {
                let weight = 1 / Double(index + 1)
                if author == seedAuthor {
                    score += 3 * weight
                    if 3 * weight > best?.weight ?? 0 { best = (3 * weight, .sameAuthor(like: seed.title)) }
                }
                let shared = book.categories.filter { seedCategories.contains(TextKey.fold($0)) }
                if let category = shared.first {
                    score += 2 * Double(shared.count) * weight
                    if 2 * weight > best?.weight ?? 0 { best = (2 * weight, .category(category, like: seed.title)) }
                }
            }
            let times = statuses.reduce(0) { $0 + (lent[$1.book.id] ?? 0) }
            // Asked about a book: only what is like it.
            if reference != nil, best == nil { continue }
            scored.append(Scored(status: status, score: score, reason: best?.reason ?? (times > 0 ? .popular(times: times) : .onShelf),
                                 times: times, available: statuses.contains(where: onShelf), position: position))
        }
        return scored.sorted {
            ($0.available ? 1 : 0, $0.score, $0.times, $0.position) > ($1.available ? 1 : 0, $1.score, $1.times, $1.position)
        }.prefix(limit).map { Recommendation(status: $0.status, reason: $0.reason) }
    }
}
