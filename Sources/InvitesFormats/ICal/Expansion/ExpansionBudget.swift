internal import CLibical
import Foundation

/// How many instances before the window a calendar may make libical step through, in all.
///
/// A rule with COUNT cannot be started at the window (libical's `icalrecur_iterator_set_start`
/// refuses COUNT), so it is walked from DTSTART; the budget keeps a hostile
/// `FREQ=SECONDLY;COUNT=…` from 1900 from turning into a hang.
package final class ExpansionBudget {
    /// How far a wall time can sit from the instant it names within one zone: a DST shift (at
    /// most two hours anywhere), with room to spare. Wall-time bounds are widened by it.
    static let slack = 3 * 3_600

    private(set) var remaining: Int
    /// Set once the budget ran out or a series had more instances than a window may take: the
    /// answer then depends on the window's exact bounds and is not cached for whole days.
    package var reachedLimit = false
    /// Set once the steps ran out: any series of the calendar may then be missing instances,
    /// where a series over the window's limit has lost only its own.
    package private(set) var ranOut = false

    package init(steps: Int) {
        remaining = steps
    }

    /// Takes one step from the budget; `false` once it is spent.
    func spend() -> Bool {
        spend(1)
    }

    /// Takes `steps` steps from the budget (libical may take many inside one call); `false`
    /// once it is spent.
    func spend(_ steps: Int) -> Bool {
        guard remaining > 0 else {
            reachedLimit = true
            ranOut = true
            return false
        }
        remaining -= min(max(steps, 0), remaining)
        return true
    }
}
