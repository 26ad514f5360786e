import GalleryCore

/// The clock tests move by hand (timers fire when the test says): the core's `ManualClock`.
public typealias TestClock = ManualClock
