import Dispatch
import Foundation

/// One lane of the slow work `watch` hands off its loop: the conflict query of an invitation
/// over a large calendar, an answer, a sendmail that may take two minutes.
///
/// The loop reads signals, inotify and the bus; while it did the work itself, a sendmail of
/// 20 s after an Accept kept the next invitation from being told and SIGTERM from being
/// answered. A lane runs its jobs one at a time, in the order given, on a serial queue of its
/// own, with tools made on that queue at its first job (a store connection of their own, never
/// the loop's); what a job gives is posted to the ``WatchMailbox`` the loop polls, so that the
/// loop alone touches the notifier and the journal. Lanes are apart so that one waiting (a
/// sendmail) holds back no other (the next invitation's conflicts).
final class WorkLane<Tools>: @unchecked Sendable {
    private let queue: DispatchQueue
    private let mailbox: WatchMailbox
    private let make: @Sendable () throws -> Tools
    /// Jobs given and not yet done or dropped.
    private let pending = DispatchGroup()
    /// Touched only by jobs, which run one at a time on `queue`.
    private var made: Tools?
    private let lock = NSLock()
    /// Set when the loop ends: a job not yet started is dropped. Guarded by `lock`.
    private var closed = false

    /// A lane named `name` (as its queue's label says), whose tools `make` makes.
    init(name: String, mailbox: WatchMailbox, make: @escaping @Sendable () throws -> Tools) {
        queue = DispatchQueue(label: "invites: watch: \(name)")
        self.mailbox = mailbox
        self.make = make
    }

    /// Queues `job`, given a way to the lane's tools (the error of making them thrown from it);
    /// what it returns is posted to the mailbox.
    func submit(_ job: @escaping @Sendable (() throws -> Tools) -> WatchWork) {
        pending.enter()
        queue.async { [self] in
            defer { pending.leave() }
            guard !isClosed else { return }
            mailbox.post(job(tools))
        }
    }

    /// The lane's tools, made at the first call; called on `queue` only.
    private func tools() throws -> Tools {
        if let made { return made }
        let tools = try make()
        made = tools
        return tools
    }

    private var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }

    /// Drops the jobs not yet started: the loop ends. A job running goes on to its end.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
    }

    /// Waits until every job given is done or dropped, or `deadline` passes; whether they are.
    func finish(by deadline: Date) -> Bool {
        let nanoseconds = UInt64(max(0, deadline.timeIntervalSinceNow) * 1_000_000_000)
        return pending.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds))) == .success
    }
}
