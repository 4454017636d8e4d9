import Foundation
import LibraryCore

/// "Who has what": the books out, grouped by borrower, overdue ones marked; the holds waiting,
/// and the books back on the shelf that are kept for the first in line; how many books are on
/// the shelf.
struct Digest: Sendable {
    let library: LibraryService
    let words: Words

    func reply() async throws -> Reply {
        let l = words.language
        let loans = try await library.openLoans()
        let counts = try await library.counts()
        let shelf = l == .en ? "\(words.books(counts.available)) on the shelf." : "\(words.books(counts.available)) sur l'étagère."
        let queues = try await library.holdQueues()
        // Copies reported lost that nobody has: missing until found or taken off the shelf, with
        // whoever waits for one to turn up.
        let missing: [RichText] = counts.reported == 0 ? [] : try await library.list(.reported, order: .title, at: words.now)
            .filter { $0.loan == nil && $0.book.report?.kind == .lost }
            .map { status in
                let waiting = (queues[status.book.id] ?? []).map(\.holder.name)
                let wait = waiting.isEmpty ? "" : l == .en ? "; \(waiting.joined(separator: ", ")) \(waiting.count == 1 ? "waits" : "wait") for it"
                                                           : " ; \(waiting.joined(separator: ", ")) \(waiting.count == 1 ? "l'attend" : "l'attendent")"
                return "\(bold: status.book.title) (#\(status.book.id)), \(words.reportText(status.book) ?? "")\(wait)"
            }
        let missingLines = missing.isEmpty ? [] : [RichText(stringLiteral: l.pick("Missing:", "Introuvables :"))] + missing
        let out = Set(loans.map(\.book.id))
        // A book on the shelf with a line is kept for the first in it: nobody else may take it.
        var kept: [(book: Book, holds: [Hold])] = []
        for (bookID, holds) in queues where !out.contains(bookID) && !holds.isEmpty {
            // A book deleted since the holds were read is simply left out; a missing one is
            // not there to be kept (its line is with it above).
            if let book = try? await library.resolve("#\(bookID)"), book.report?.kind != .lost { kept.append((book, holds)) }
        }
        kept.sort { ($0.book.title, $0.book.id) < ($1.book.title, $1.book.id) }
        let keptLines: [RichText] = kept.map { book, holds in
            let first = holds[0].holder.name + words.until(holds[0].keptUntil)
            let others = holds.dropFirst().map(\.holder.name).joined(separator: ", ")
            switch (l, others.isEmpty) {
            case (.en, true): return "\(bold: book.title): on the shelf, kept for \(first)"
            case (.en, false): return "\(bold: book.title): on the shelf, kept for \(first), then \(others) waiting"
            case (.fr, true): return "\(bold: book.title) : sur l'étagère, réservé pour \(first)"
            case (.fr, false): return "\(bold: book.title) : sur l'étagère, réservé pour \(first), puis \(others) en attente"
            }
        }
        guard !loans.isEmpty else {
            let nobody = l.pick("Nobody has a book right now.", "Personne n'a de livre en ce moment.")
            guard !keptLines.isEmpty || !missingLines.isEmpty else { return Reply(.info, RichText(stringLiteral: nobody + " " + shelf), language: l) }
            let holds = keptLines.isEmpty ? [] : [RichText(stringLiteral: l.pick("Holds:", "Réservations :"))] + keptLines
            return Reply(.info, RichText(stringLiteral: nobody), lines: holds + missingLines + [RichText(stringLiteral: shelf)], language: l)
        }
        var order: [String] = []
        var byBorrower: [String: [LoanedBook]] = [:]
        for loaned in loans {
            let key = loaned.loan.borrower.userID ?? TextKey.fold(loaned.loan.borrower.name)
            if byBorrower[key] == nil { order.append(key) }
            byBorrower[key, default: []].append(loaned)
        }
        var lines: [RichText] = []
        for key in order {
            guard let group = byBorrower[key], let first = group.first else { continue }
            let items = group.map { words.loanLine($0) }
            var line: RichText = "\(bold: first.loan.borrower.name)\(l.pick(": ", " : "))"
            for (index, item) in items.enumerated() {
                if index > 0 { line.spans.append(.text(l.pick("; ", " ; "))) }
                line.spans += item.spans
            }
            lines.append(line)
        }
        var waiting: [RichText] = []
        for loaned in loans {
            if let holds = queues[loaned.book.id], !holds.isEmpty {
                waiting.append(l == .en
                    ? "\(bold: loaned.book.title): \(holds.map(\.holder.name).joined(separator: ", ")) waiting"
                    : "\(bold: loaned.book.title) : \(holds.map(\.holder.name).joined(separator: ", ")) en attente")
            }
        }
        waiting += keptLines
        if !waiting.isEmpty { lines.append(RichText(stringLiteral: l.pick("Holds:", "Réservations :"))) }
        lines += waiting
        lines += missingLines
        lines.append(RichText(stringLiteral: shelf))
        return Reply(.info, l == .en ? "Who has what: \(words.books(loans.count)) out"
                                     : "Qui a quoi : \(words.books(loans.count)) \(loans.count == 1 ? "emprunté" : "empruntés")",
                     lines: lines, language: l)
    }
}
