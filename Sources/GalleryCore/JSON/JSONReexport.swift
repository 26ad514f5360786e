/// The `JSON` target's types (the value, the writer, the coders) are part of what
/// `import GalleryCore` brings: every feature speaks them.
@_exported import JSON
