import Foundation
import InvitesKit
import InvitesSystem
import Testing

@testable import InvitesKit

/// The lanes `watch` hands slow work to, on real threads: order, the mailbox's wake-up, tools
/// made once on the lane, and what closing drops.
@Suite struct WorkLaneTests {
    /// What the tests' lanes use as tools: counts how often it is made.
    final class Made: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        func make() -> Int {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return count
        }
    }

    /// A job's result the loop can tell apart: its handle.
    static func work(_ handle: String, _ note: String = "") -> WatchWork {
        .answered(handle: handle, action: .accepted, .failure(WatchWork.Failure(description: note)), sendsNext: false)
    }

    static func handles(_ works: [WatchWork]) -> [String] {
        works.compactMap {
            guard case .answered(let handle, _, _, _) = $0 else { return nil }
            return handle
        }
    }

    /// Polls the mailbox until `count` works came or 10 s passed.
    static func collect(_ mailbox: WatchMailbox, count: Int) throws -> [WatchWork] {
        var works: [WatchWork] = []
        let deadline = Date().addingTimeInterval(10)
        while works.count < count, Date() < deadline {
            var descriptors = [pollfd(fd: mailbox.descriptor, events: Int16(POLLIN), revents: 0)]
            _ = try Posix.poll(&descriptors, timeout: 100)
            if descriptors[0].revents != 0 { works += mailbox.take() }
        }
        return works
    }

    @Test("Jobs run in the order given, their work wakes the mailbox, the tools are made once")
    func orderAndWakeUp() throws {
        let mailbox = try WatchMailbox()
        let made = Made()
        let lane = WorkLane<Int>(name: "test", mailbox: mailbox) { made.make() }
        for handle in ["a", "b", "c", "d"] {
            lane.submit { tools in WorkLaneTests.work(handle, "\((try? tools()) ?? 0)") }
        }
        let works = try WorkLaneTests.collect(mailbox, count: 4)
        #expect(WorkLaneTests.handles(works) == ["a", "b", "c", "d"])
        let notes = works.compactMap { work -> String? in
            guard case .answered(_, _, .failure(let failure), _) = work else { return nil }
            return failure.description
        }
        #expect(notes == ["1", "1", "1", "1"])
        #expect(lane.finish(by: Date().addingTimeInterval(5)))
    }

    @Test("Closing drops the jobs not begun; the one running goes on to its end")
    func closeDropsWhatWaits() throws {
        let mailbox = try WatchMailbox()
        let lane = WorkLane<Int>(name: "test", mailbox: mailbox) { 0 }
        let running = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        lane.submit { _ in
            running.signal()
            release.wait()
            return WorkLaneTests.work("running")
        }
        lane.submit { _ in WorkLaneTests.work("waiting") }
        running.wait()
        lane.close()
        #expect(!lane.finish(by: Date().addingTimeInterval(0.2)))
        release.signal()
        #expect(lane.finish(by: Date().addingTimeInterval(5)))
        #expect(WorkLaneTests.handles(mailbox.take()) == ["running"])
    }

    @Test("An error making the tools reaches the job, which says it")
    func toolsThatCannotBeMade() throws {
        struct Unmade: Error {}
        let mailbox = try WatchMailbox()
        let lane = WorkLane<Int>(name: "test", mailbox: mailbox) { throw Unmade() }
        lane.submit { tools in
            do {
                return WorkLaneTests.work("a", "\(try tools())")
            } catch {
                return WorkLaneTests.work("a", "unmade")
            }
        }
        let works = try WorkLaneTests.collect(mailbox, count: 1)
        guard case .answered(_, _, .failure(let failure), _)? = works.first else {
            Issue.record("no work came back: \(works)")
            return
        }
        #expect(failure.description == "unmade")
    }
}
