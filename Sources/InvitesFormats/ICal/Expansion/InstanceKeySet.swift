import InvitesModel

/// EXDATEs or overridden instances of a series, asked about once per instance.
///
/// ``InstanceKey/matches(_:)`` compares by instant when both sides are of one kind and by date
/// otherwise; kept as four sets, the question costs the same however many EXDATEs a stranger
/// wrote, where a list would make it EXDATEs × instances.
struct InstanceKeySet {
    private var dateInstants: Set<Int> = []
    private var dateDays: Set<LocalDate> = []
    private var timeInstants: Set<Int> = []
    private var timeDays: Set<LocalDate> = []

    var isEmpty: Bool { dateInstants.isEmpty && timeInstants.isEmpty }

    init(_ keys: some Sequence<InstanceKey>) {
        for key in keys {
            if key.isDate {
                dateInstants.insert(key.instant)
                dateDays.insert(key.date)
            } else {
                timeInstants.insert(key.instant)
                timeDays.insert(key.date)
            }
        }
    }

    /// Whether some key of the set matches `key`, as ``InstanceKey/matches(_:)`` decides it.
    func contains(_ key: InstanceKey) -> Bool {
        key.isDate
            ? dateInstants.contains(key.instant) || timeDays.contains(key.date)
            : timeInstants.contains(key.instant) || dateDays.contains(key.date)
    }
}
