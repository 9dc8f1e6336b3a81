extension ClosedRange where Bound == Int {
    /// The least range holding both: the offsets a time may have when either of two
    /// definitions may be the one read.
    func joined(with other: ClosedRange<Int>) -> ClosedRange<Int> {
        Swift.min(lowerBound, other.lowerBound)...Swift.max(upperBound, other.upperBound)
    }
}
