import Foundation
import InvitesFormats
import InvitesModel
import InvitesSystem

/// Finds the invitations a scheduling server (RFC 6638) put into your calendars: every VEVENT
/// (or VTODO, a task) whose ORGANIZER is not one of your addresses and among whose ATTENDEEs you are.
///
/// It runs before every listing, so a calendar that did not change costs one stat (of the
/// file, or of the vdir's folder) and nothing else: what the last look saw is kept in the cache
/// store (``InvitationScanState``), only files whose stamp changed are opened, and of those only
/// the ones that name an ORGANIZER and one of your addresses are parsed.
package struct CalendarInvitationScanner {
    package var me: MyAddresses
    package var display: DisplayZone
    /// Where the last look is kept (the cache store); `nil` costs every look a read.
    package var cache: CalendarIndexStorage?
    package var now: Date
    /// Whether items are passed over on their bytes when they cannot hold an invitation waiting
    /// for you (``InvitationPrefilter``); off, every item that names you is parsed, as the
    /// equivalence tests compare.
    var prefiltering = true

    package init(me: MyAddresses, display: DisplayZone, cache: CalendarIndexStorage?, now: Date) {
        self.me = me
        self.display = display
        self.cache = cache
        self.now = now
    }

    /// What one look at a calendar found.
    package struct Look {
        /// Nothing changed since the last look: nothing to follow.
        package var unchanged: Bool
        /// The invitations in files that changed (or every one, on a first look).
        package var changed: [FoundInvitation]
        /// Every invitation the calendar holds now, as `path` and UID: what is not here has gone.
        package var present: Set<CalendarInvitationKey>
        /// Saves what was seen; called once the findings are filed, so that a failure to file
        /// them makes the next look find them again.
        package var commit: () -> Void
    }

    /// Looks at one calendar; a calendar that does not exist holds no invitations. `held` gives
    /// the UIDs the inbox holds (`nil` when they cannot be read), asked only when an item must
    /// be read: those are parsed whatever their bytes say (``InvitationPrefilter``). `holds`
    /// says whether the inbox holds any of some UIDs: those of invitations passed over as
    /// answered, asked at every look, which read the calendar whole again once one is held.
    package func look(
        at source: CalendarSource, held: () -> Set<String>? = { nil }, holds: ([String]) -> Bool = { _ in false }
    ) throws(CalendarError) -> Look {
        guard !me.all.isEmpty, source.exists else {
            return Look(unchanged: true, changed: [], present: [], commit: {})
        }
        let key = "invitations:\(source.path):" + me.all.sorted().joined(separator: ",")
        let time = Int64(now.unixSeconds)
        // The versions alone, kept apart from the items: a look that stops at them reads a few
        // bytes, not the stamps of 100,000 items.
        var previous = cache?.indexData(for: key + ":head").flatMap(InvitationScanState.init)
        // An invitation passed over as answered whose mail came in since: your answer in the
        // calendar is to be followed, so the calendar is read whole, as on a first look.
        if let head = previous, !head.answered.isEmpty, holds(head.answered.flatMap(\.uids)) { previous = nil }
        let cache = self.cache
        func commit(_ state: InvitationScanState) -> () -> Void {
            {
                cache?.saveIndex(state.encoded(), for: key)
                cache?.saveIndex(
                    InvitationScanState(version: state.version, folder: state.folder, answered: state.answered)
                        .encoded(),
                    for: key + ":head")
            }
        }
        switch source.layout {
        case .file:
            guard let stamp = FileStamp(path: source.path) else { throw .notFound(path: source.path) }
            let version = CalendarVersion(file: stamp)
            if let previous, previous.version == version.digest {
                return Look(unchanged: true, changed: [], present: [], commit: {})
            }
            let file = try CalendarFile.read(source.path)
            let (found, answered) = invitations(
                inCalendarFile: file.data, item: CalendarItem(calendar: source.path, path: source.path),
                filter: prefilter(held))
            // A file's look needs only its version: the file is read whole whenever it changed.
            let settled = (file.stamp ?? stamp).isSettled(at: time)
            let state = InvitationScanState(
                version: settled ? CalendarVersion(file: file.stamp ?? stamp).digest : nil,
                answered: answered.isEmpty
                    ? [] : [InvitationScanState.Item(name: "", share: .init(high: 0, low: 0), uids: answered)])
            return Look(
                unchanged: false, changed: found,
                present: Set(found.map { CalendarInvitationKey(path: source.path, uid: $0.uid) }),
                commit: commit(state))
        case .vdir:
            // Items arrive, leave and change by rename (vdirsyncer, khal and invites write
            // atomically), which moves the folder's stamp: an unchanged, settled folder is an
            // unchanged vdir, told without a stat of each of its 100,000 items.
            let folderStamp = FileStamp(path: source.path)
            if let previous, let folderStamp, previous.folder == folderStamp,
                folderStamp.isSettled(at: time)
            {
                return Look(unchanged: true, changed: [], present: [], commit: {})
            }
            // The items seen before, by their shares: an item whose name and stamp hash to one of
            // them is unchanged, told without making its name.
            let last = previous == nil ? nil : cache?.indexData(for: key).flatMap(InvitationScanState.init)
            var holding: [ContentDigest: InvitationScanState.Item] = [:]
            for item in last?.items ?? [] { holding[item.share] = item }
            var answeredBefore: [ContentDigest: InvitationScanState.Item] = [:]
            for item in last?.answered ?? [] { answeredBefore[item.share] = item }
            // A first look reads every item as it is listed, each stamped as it is read: no stat
            // before. After a sync every item is stamped, and only those not seen before read.
            let mode: VdirInvitationPass.Mode
            if previous == nil {
                mode = .read(prefilter(held), naming: InvitationPrefilter(me: me, now: 0, held: []))
            } else {
                mode = .check(
                    VdirInvitationPass.Known(
                        sequence: last?.passed ?? [], latest: last?.latest ?? .min, holding: Array(holding.keys),
                        answered: Array(answeredBefore.keys)))
            }
            let pass = try VdirInvitationPass(mode: mode, time: time).run(source.path)
            let version = pass.version
            if let previous, previous.version == version.digest, version.isSettled(at: time) {
                // The folder moved and no item did (a temporary file came and went, an item was
                // written back as it was): its new stamp is kept, or every look after this one
                // would stamp every item again until an item changes.
                guard let folderStamp, folderStamp.isSettled(at: time) else {
                    return Look(unchanged: true, changed: [], present: [], commit: {})
                }
                var head = previous
                head.folder = folderStamp
                let (saved, headKey) = (head.encoded(), key + ":head")
                let keep: () -> Void = { cache?.saveIndex(saved, for: headKey) }
                return Look(unchanged: true, changed: [], present: [], commit: keep)
            }
            var answered: [InvitationScanState.Item] = []
            // In the order listed, each batch's after the one before: the next look finds most
            // items where they were (``VdirInvitationPass/Known``).
            var passed: [ContentDigest] = []
            passed.reserveCapacity(pass.batches.reduce(0) { $0 + $1.sequence.count })
            var items: [InvitationScanState.Item] = []
            var reads: [VdirInvitationPass.Item] = []
            for batch in pass.batches {
                let offset = passed.count
                passed += batch.sequence
                answered += batch.answered.compactMap { answeredBefore[$0] }
                items += batch.holding.compactMap { holding[$0] }
                reads += batch.items.map { item in
                    var item = item
                    item.slot += offset
                    return item
                }
            }
            let folder = source.path
            // After a sync, the items that came or changed, read now (a first look read them).
            if case .check = mode, !reads.isEmpty {
                let loaded = try load(reads.map(\.name), in: folder, filter: prefilter(held))
                for index in reads.indices { reads[index].outcome = loaded[index].outcome }
            }
            var changed: [FoundInvitation] = []
            var unsettled: [InvitationScanState.Item] = []
            for read in reads {
                let (name, share) = (read.name, read.share)
                switch read.outcome ?? .unreadable {
                // Not kept: the next look reads it again.
                case .unreadable: continue
                case .passed(let uids):
                    guard let share else { continue }
                    passed[read.slot] = share
                    if !uids.isEmpty { answered.append(InvitationScanState.Item(name: name, share: share, uids: uids)) }
                case .kept(let data):
                    let path = (folder as NSString).appendingPathComponent(name)
                    let found = invitations(in: data, item: CalendarItem(calendar: folder, path: path))
                    changed += found
                    let item = InvitationScanState.Item(
                        name: name, share: share ?? ContentDigest(high: 0, low: 0), uids: found.map(\.uid))
                    if share == nil {
                        unsettled.append(item)
                    } else if found.isEmpty {
                        passed[read.slot] = item.share
                    } else {
                        items.append(item)
                    }
                }
            }
            var present = Set<CalendarInvitationKey>()
            for item in items + unsettled {
                let path = (folder as NSString).appendingPathComponent(item.name)
                for uid in item.uids { present.insert(CalendarInvitationKey(path: path, uid: uid)) }
            }
            let settled = version.isSettled(at: time)
            let state = InvitationScanState(
                version: settled ? version.digest : nil, folder: settled ? folderStamp : nil,
                latest: version.lastChange, passed: passed, items: items, answered: answered)
            return Look(
                unchanged: false, changed: changed, present: present,
                commit: commit(state))
        }
    }

    /// The invitations in one vdir item the loader kept: its UIDs that invite you, each with
    /// the whole item.
    func invitations(in data: Data, item: CalendarItem) -> [FoundInvitation] {
        guard let document = ICalDocument.parse(data, display: display) else { return [] }
        return invitations(of: document, item: item) { _ in data }
    }

    /// The invitations in a calendar file: each UID that invites you, with a VCALENDAR of its
    /// VEVENTs and the file's VTIMEZONEs (and `X-WR-TIMEZONE`), so that each is kept apart. Only
    /// the UIDs the prefilter keeps (``InvitationPrefilter``; without one, those one of whose
    /// blocks names an ORGANIZER and one of your addresses) are parsed, each once: the file's
    /// text is copied for those alone. With them, the UIDs the prefilter passed over that invite
    /// you to something still to come (``InvitationPrefilter/Verdict``).
    func invitations(inCalendarFile data: Data, item: CalendarItem, filter: InvitationPrefilter?)
        -> (found: [FoundInvitation], answered: [String])
    {
        data.withUnsafeBytes { bytes in
            let scan = ICSBlockScanner.scan(bytes)
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            let naming = filter ?? InvitationPrefilter(me: me, now: 0, held: [])
            var head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
            var zones = ""
            var order: [String] = []
            var blocksByUID: [String: [ICSBlockScanner.Block]] = [:]
            for block in scan.blocks {
                switch block.kind {
                case .timezone: zones += text(block.range)
                case .calendarZone: head += text(block.range)
                // A task your server put in your calendar is an invitation as a meeting is.
                case .event, .task:
                    guard let uid = ICSBlockScanner.text(of: "UID", in: bytes, block: block.range) else { continue }
                    if blocksByUID[uid] == nil { order.append(uid) }
                    blocksByUID[uid, default: []].append(block)
                }
            }
            var answered: [String] = []
            let candidates = order.filter { uid in
                let blocks = blocksByUID[uid] ?? []
                guard blocks.contains(where: { naming.namesYou(UnsafeRawBufferPointer(rebasing: bytes[$0.range])) })
                else { return false }
                guard let filter else { return true }
                let facts = blocks.map { filter.facts(bytes, block: $0, scan: scan) }
                guard filter.mayWait(uid: Array(uid.utf8), blocks: facts) else {
                    if InvitationPrefilter.invitesToCome(facts) { answered.append(uid) }
                    return false
                }
                return true
            }
            let end = scan.usesCRLF ? "END:VCALENDAR\r\n" : "END:VCALENDAR\n"
            if !scan.usesCRLF { head = head.replacingOccurrences(of: "\r\n", with: "\n") }
            let found = candidates.flatMap { uid -> [FoundInvitation] in
                let events = (blocksByUID[uid] ?? []).map { text($0.range) }.joined()
                let data = Data((head + zones + events + end).utf8)
                guard let document = ICalDocument.parse(data, display: display) else { return [] }
                return invitations(of: document, item: item) { _ in data }
            }
            return (found, answered)
        }
    }

    private func invitations(of document: ICalDocument, item: CalendarItem, data: (String) -> Data)
        -> [FoundInvitation]
    {
        var order: [String] = []
        var byUID: [String: [ICalDocument.Event]] = [:]
        for event in document.events where !event.uid.isEmpty {
            if byUID[event.uid] == nil { order.append(event.uid) }
            byUID[event.uid, default: []].append(event)
        }
        return order.compactMap { uid in
            let events = byUID[uid] ?? []
            let invites = events.contains { event in
                guard let organizer = event.organizer?.email, !me.contains(organizer) else { return false }
                return event.attendees.contains { me.contains($0.address) }
            }
            guard invites else { return nil }
            var partstats: [String?: String] = [:]
            for event in events {
                if let mine = event.attendees.first(where: { me.contains($0.address) }) {
                    partstats[event.recurrenceID] = mine.partstat
                }
            }
            let master = events.first { $0.recurrenceID == nil }
            return FoundInvitation(
                item: item, uid: uid, data: data(uid), partstats: partstats, cancelled: master?.cancelled ?? false)
        }
    }

    /// The prefilter for a look, with the UIDs the inbox holds; `nil` (every item that names
    /// you is parsed) when those cannot be read or ``prefiltering`` is off.
    private func prefilter(_ held: () -> Set<String>?) -> InvitationPrefilter? {
        guard prefiltering, let uids = held() else { return nil }
        return InvitationPrefilter(me: me, now: Int(now.unixSeconds), held: uids)
    }

    /// What reading one vdir item gave: its stamp and share of the version as read (`nil`
    /// when it could not be), and its bytes if they matter.
    struct Loaded: Sendable {
        var stamp: FileStamp?
        var share: ContentDigest?
        var outcome: Outcome
    }

    enum Outcome: Sendable {
        case unreadable
        /// Holds no invitation that can wait for you; the UIDs that invite you to something still
        /// to come, answered or cancelled.
        case passed([String])
        case kept(Data)
    }

    /// Reads the named items of a vdir on every core, each into the same room per thread, and
    /// keeps the bytes of those the prefilter keeps (without one, of those that name an
    /// ORGANIZER and you): a first look reads 100,000 items and parses a few.
    func load(_ names: [String], in folder: String, filter: InvitationPrefilter?) throws(CalendarError) -> [Loaded] {
        guard !names.isEmpty else { return [] }
        let directory = try OpenFolder(folder)
        defer { withExtendedLifetime(directory) {} }
        let descriptor = directory.descriptor
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let naming = filter ?? InvitationPrefilter(me: me, now: 0, held: [])
        // Each thread reads every item into the same room and remembers the zones it scanned:
        // every item carries the same few.
        return Parallel.map(names, minimumPerThread: 64, state: { (buffer: ReadBuffer(), zones: ZoneMemo()) }) {
            state, name -> Loaded in
            let bytes: UnsafeRawBufferPointer
            let stamp: FileStamp
            do throws(CalendarError) {
                (bytes, stamp) = try CalendarFile.contents(
                    name, in: descriptor, buffer: state.buffer, path: { prefix + name })
            } catch {
                return Loaded(outcome: .unreadable)
            }
            var name = name
            let share = name.withUTF8 { CalendarVersion.share(name: UnsafeRawBufferPointer($0), stamp: stamp) }
            let verdict =
                filter.map { $0.verdict(item: bytes, zones: state.zones) }
                ?? InvitationPrefilter.Verdict(keep: naming.namesYou(bytes))
            return Loaded(
                stamp: stamp, share: share, outcome: verdict.keep ? .kept(Data(bytes)) : .passed(verdict.answered))
        }
    }
}
