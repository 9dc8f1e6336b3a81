/// The most a stranger's TNEF stream may make the reader do. Every loop over the stream also
/// consumes at least four bytes a turn, so none can run longer than the stream is; these bound
/// what is kept.
enum TNEFLimits {
    /// Attributes of the stream, attachments' included: an attachment has about eight.
    static let attributes = 20_000
    /// MAPI properties in one list: a meeting request has two or three hundred.
    static let properties = 10_000
    /// Rows of the recipient table: the attendees of one meeting.
    static let recipients = 5_000
    /// Values of one multi-valued property.
    static let values = 10_000
    /// The most bytes the compressed RTF of a description is decompressed to (the header's
    /// RawSize is a stranger's number: it is never used to reserve memory).
    static let rtfBytes = 1 << 20
    /// The most characters of a description taken from the RTF.
    static let descriptionCharacters = 64 << 10
    /// Deleted instances (EXDATEs) of a recurrence.
    static let deletedInstances = 5_000
}
