#!/usr/bin/env python3
"""Writes the fast JSON readers and writers of the core's hot shapes from their Swift
declarations, so a shape is written once (its struct) and its fast code follows:

    python3 Tools/shapes/generate.py           # rewrite Sources/GalleryCore/**/X+JSON.swift
    python3 Tools/shapes/generate.py --check   # exit 1 when a committed file differs

Which types: every event type (a struct conforming to `EventPayload` or `CarriesFailure`
inside a feature's `enum XEvents`) and every struct marked with the line
`// JSON shape: generated` just above its declaration (a value events carry by the
thousand: an album, a page of photos). An event type marked `// JSON shape: general: WHY`
is left to the general decoder and encoder. For each it writes, beside the declaring file:

- `read(from:)` (`JSONReadable`): first the exact layout our writer gives (members sorted,
  compact, an absent optional left out), member by member with no name matched; at the first
  thing out of place, from the same place again by name (any order, whitespace, unknown
  members skipped). Anything else (a member missing or twice, an escaped text, a number
  with a fraction) is `Unusual`, and the general decoder reads the text and names the problem.
- the writer: `JSONWritable.write(to:)`, or for an event with a member of a type that has no
  writer of its own, `writeData(to:)` with that member written by the encoder.

A member's type is a text, an integer (`Int`, `Int64`), a boolean, a string enum (any
`enum X: String` declared in the core), a type with a reader or writer of its own (generated
here or written by hand: `extension X: JSONReadable`), an optional or an array of those; any
other type is read and written through the general decoder and encoder, from its own bytes.
The declaration must be plain: stored `var`/`let` members with no initial value and the
synthesized `Codable` (a custom `init(from:)`, `encode(to:)` or `CodingKeys` is refused
for a marked type, and makes a referenced type opaque).
"""

import argparse
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SOURCES = os.path.join(ROOT, "Sources", "GalleryCore")
MARKER = "// JSON shape: generated"
# Above an event type read and written the general way only (the log's base: its data is
# the whole state, read once a log), with the reason after a colon.
GENERAL = "// JSON shape: general"
SUFFIX = "+JSON.swift"
SWIFT_KEYWORDS = {"default", "case", "switch", "in", "is", "as", "func", "var", "let", "return", "self",
                  "Type", "protocol", "extension", "struct", "class", "enum", "init", "where", "repeat"}
# Names the generated code uses itself: a member so named gets another local name.
RESERVED = {"reader", "member", "out", "comma", "start", "element", "list"}


def is_generated(path):
    return path.endswith(SUFFIX)


def read_sources():
    files = {}
    for path in sorted(glob.glob(os.path.join(SOURCES, "**", "*.swift"), recursive=True)):
        if is_generated(path):
            continue
        with open(path, encoding="utf-8") as f:
            files[path] = f.read()
    return files


def block_end(text, open_index):
    """The index just past the brace that closes the one at `open_index`."""
    depth, i = 0, open_index
    while i < len(text):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        elif c == '"':
            # Skip a string literal (raw `#"..."#` or plain), so braces inside do not count.
            hashes = 0
            j = i - 1
            while j >= 0 and text[j] == "#":
                hashes += 1
                j -= 1
            if text.startswith('"""', i):
                end = text.index('"""' + "#" * hashes, i + 3)
                i = end + 3 + hashes
                continue
            k = i + 1
            while k < len(text):
                if text[k] == "\\" and hashes == 0:
                    k += 2
                    continue
                if text[k] == '"' and text.startswith("#" * hashes, k + 1):
                    break
                k += 1
            i = k + 1 + hashes
            continue
        i += 1
    raise SystemExit("unbalanced braces")


def top_level_lines(body):
    """The lines of a type's body at its own depth (not inside a nested block)."""
    depth, out = 0, []
    for line in body.split("\n"):
        code = re.sub(r'#?"(?:[^"\\]|\\.)*"#?', '""', line.split("//")[0])
        if depth == 0:
            out.append(line)
        depth += code.count("{") - code.count("}")
    return out


class Knowledge:
    """What the sources say of the types a member may have."""

    def __init__(self, files):
        self.string_enums = {}  # simple name -> CaseIterable?
        self.readable = set()  # simple names with a hand-written JSONReadable
        self.writable = set()
        self.custom_coding = set()
        self.declared_names = set()  # `DeclaredName` structs: a name checked against a declared list
        for text in files.values():
            for m in re.finditer(r"struct (\w+)\s*:\s*DeclaredName\b", text):
                self.declared_names.add(m.group(1))
            for m in re.finditer(r"\benum (\w+)\s*:\s*([^{]+)\{", text):
                conformances = [c.strip() for c in m.group(2).split(",")]
                if conformances and conformances[0] == "String":
                    self.string_enums[m.group(1)] = "CaseIterable" in conformances
            for m in re.finditer(r"extension ([\w.]+)\s*:\s*([^{]+)\{", text):
                name = m.group(1).split(".")[-1]
                conformances = [c.strip() for c in m.group(2).split(",")]
                if "CaseIterable" in conformances and name in self.string_enums:
                    self.string_enums[name] = True
                if "JSONReadable" in conformances:
                    self.readable.add(name)
                if "JSONWritable" in conformances:
                    self.writable.add(name)
            for m in re.finditer(r"(?:struct|extension) ([\w.]+)[^{]*\{", text):
                body = text[m.end() - 1:block_end(text, m.end() - 1)]
                if re.search(r"init\(from decoder|func encode\(to encoder|CodingKeys?\b|: CodingKey", body):
                    self.custom_coding.add(m.group(1).split(".")[-1])


class Member:
    def __init__(self, name, swift_type):
        self.name = name
        self.type = swift_type
        self.local = name + "Read" if name in RESERVED else name
        self.ident = f"`{name}`" if name in SWIFT_KEYWORDS else name

    @property
    def optional(self):
        return self.type.endswith("?")


class Shape:
    def __init__(self, qualified, members, source, is_event):
        self.qualified = qualified
        self.simple = qualified.split(".")[-1]
        self.members = members
        self.source = source
        self.is_event = is_event


def parse_members(qualified, body):
    members = []
    for line in top_level_lines(body):
        if re.match(r"\s*@\w+.*\b(var|let)\b", line):
            raise SystemExit(f"{qualified}: a member with a property wrapper is not a plain shape: {line.strip()}")
        m = re.match(r"\s*(?:public |internal |fileprivate |private )?(var|let) (\w+)\s*:\s*([^={]+?)\s*(=.*|\{.*)?$",
                     line)
        if not m or line.strip().startswith("static") or " static " in line:
            continue
        if re.match(r"\s*(public |internal )?static", line):
            continue
        if m.group(4):
            if m.group(4).startswith("{"):
                continue  # a computed property
            raise SystemExit(f"{qualified}.{m.group(2)}: a member with an initial value is not a plain shape")
        members.append(Member(m.group(2), m.group(3).strip()))
    return members


PACKED = "// JSON shape: generated, texts packed"


class Packed:
    """A struct written whole from a protocol of its members (`protocol XMembers`): its texts
    in one buffer (`PhotoTexts`), one list of texts among them, its other members stored."""

    def __init__(self, name, members, docs, source):
        self.name = name
        self.members = members  # declaration order: the memberwise init's
        self.docs = docs
        self.source = source
        self.type_docs = []

    def docs_of(self, member):
        return self.docs.get(member.name, [])


def find_packed(files):
    found = []
    for path, text in files.items():
        for m in re.finditer(r"(?m)^" + re.escape(PACKED) + r"\n(?:public )?protocol (\w+)Members\s*\{", text):
            body = text[m.end():block_end(text, m.end() - 1) - 1]
            members, docs, doc = [], {}, []
            for line in body.split("\n"):
                s = line.strip()
                if s.startswith("///"):
                    doc.append(s)
                    continue
                d = re.match(r"var (\w+): (.+?) \{ get \}$", s)
                if d:
                    members.append(Member(d.group(1), d.group(2)))
                    docs[d.group(1)] = doc
                elif s:
                    raise SystemExit(f"{m.group(1)}Members: not a member: {s}")
                doc = []
            lists = [x for x in members if x.type == "[String]"]
            for x in members:
                if x.type not in ("String", "String?", "Int", "Int?", "[String]"):
                    raise SystemExit(f"{m.group(1)}.{x.name}: a packed shape holds texts, one list of texts and integers")
            if len(lists) != 1:
                raise SystemExit(f"{m.group(1)}: a packed shape holds exactly one list of texts")
            packed = Packed(m.group(1), members, docs, path)
            for line in reversed(text[:m.start()].rstrip("\n").split("\n")):
                if not line.startswith("///"):
                    break
                packed.type_docs.insert(0, line)
            found.append(packed)
    return found


def find_shapes(files, knowledge):
    shapes = []
    for path, text in files.items():
        m = re.search(r"public enum (\w+Events)\s*\{", text)
        outer = m.group(1) if m else None
        events_file = outer is not None
        for m in re.finditer(r"(?m)^(\s*)public struct (\w+)\s*:\s*([^{]+)\{", text):
            conformances = [c.strip() for c in m.group(3).split(",")]
            name = m.group(2)
            before = text[:m.start()].rstrip("\n").split("\n")
            # The marker stands just above the declaration, doc comments between allowed.
            marked = general = False
            for line in reversed(before):
                s = line.strip()
                if s == MARKER:
                    marked = True
                    break
                if s.startswith(GENERAL):
                    general = True
                    break
                if not s.startswith("///") and not s.startswith("//"):
                    break
            if general:
                continue
            is_event = events_file and outer and m.group(1) != "" and (
                "EventPayload" in conformances or "CarriesFailure" in conformances)
            if not (is_event or marked):
                continue
            if name in knowledge.custom_coding:
                raise SystemExit(f"{name}: declares its own Codable; a generated shape needs the synthesized one")
            body = text[m.end():block_end(text, m.end() - 1) - 1]
            qualified = f"{outer}.{name}" if is_event else name
            members = parse_members(qualified, body)
            if is_event:
                # A type declared beside the events is named from outside them.
                nested = set(re.findall(r"(?m)^  public (?:struct|enum) (\w+)", text))
                for member in members:
                    member.type = re.sub(r"\b([A-Z]\w*)", lambda t: f"{outer}.{t.group(1)}" if t.group(1) in nested
                                         and not member.type.startswith(outer) else t.group(1), member.type)
            shapes.append(Shape(qualified, members, path, bool(is_event)))
    return shapes


class Kind:
    """How one type is read and written."""

    def __init__(self, swift_type, knowledge, generated):
        t = swift_type.strip()
        self.text = t
        if t.startswith("[") and t.endswith("]") and ":" not in t:
            self.kind = "array"
            self.element = Kind(t[1:-1], knowledge, generated)
            return
        simple = t.split(".")[-1]
        if t == "String":
            self.kind = "string"
        elif t == "Int":
            self.kind = "int"
        elif t == "Int64":
            self.kind = "int64"
        elif t == "Bool":
            self.kind = "bool"
        elif simple in knowledge.declared_names:
            self.kind = "declared"
        elif simple in knowledge.string_enums and simple not in knowledge.custom_coding:
            self.kind = "case" if knowledge.string_enums[simple] else "rawValue"
        else:
            readable = simple in knowledge.readable or simple in generated
            writable = simple in knowledge.writable or generated.get(simple, False)
            self.kind = "nested" if readable else "opaque"
            self.writable = writable

    @property
    def needs_encoder(self):
        if self.kind == "array":
            return self.element.needs_encoder
        if self.kind == "nested":
            return not self.writable
        return self.kind == "opaque"

    # Reading -----------------------------------------------------------------

    def read_general(self):
        """An expression reading the value that comes next, whitespace allowed."""
        k = self.kind
        if k == "string":
            return "reader.string()"
        if k == "int":
            return "reader.int()"
        if k == "int64":
            return "Int64(reader.int())"
        if k == "bool":
            return "reader.bool()"
        if k == "case":
            return f"reader.caseValue({self.text}.self)"
        if k == "rawValue":
            return f"reader.value({self.text}.self)"
        if k == "declared":
            return f"{self.text}(rawValue: reader.string()).orUnusual()"
        if k == "nested":
            return f"{self.text}.read(from: &reader)"
        if k == "opaque":
            return f"reader.decoded({self.text}.self)"
        raise AssertionError(k)

    def read_written(self):
        """An expression reading the value exactly where the writer puts it."""
        k = self.kind
        if k == "string":
            return "reader.plainText()"
        if k == "int":
            return "reader.plainInt()"
        if k == "int64":
            return "Int64(reader.plainInt())"
        if k == "case":
            return f"reader.plainCase({self.text}.self)"
        if k == "declared":
            return f"{self.text}(rawValue: reader.plainText()).orUnusual()"
        return self.read_general()

    def read_statements(self, target, written):
        """Statements that set `target` (declared already) to the value that comes next."""
        if self.kind != "array":
            expr = self.read_written() if written else self.read_general()
            return [f"{target} = try {expr}"]
        element = self.element
        lines = [f"var list: [{element.text}] = []"]
        if written:
            lines += ["try reader.open(UInt8(ascii: \"[\"))",
                      "if !reader.close(UInt8(ascii: \"]\")) {",
                      "  repeat {"]
            lines += ["    " + s for s in element.element_statements(written)]
            lines += ["  } while reader.comma()",
                      "  guard reader.close(UInt8(ascii: \"]\")) else { throw JSONReader.Unusual() }",
                      "}"]
        else:
            lines += ["try reader.enterArray()", "while try reader.nextElement() {"]
            lines += ["  " + s for s in element.element_statements(written)]
            lines += ["}"]
        lines.append(f"{target} = list")
        return ["do {"] + ["  " + s for s in lines] + ["}"]

    def element_statements(self, written):
        if self.kind == "array":
            inner = self.read_statements("let element", written)
            # `let element` cannot be declared then set; read into a var instead.
            return [f"var element: {self.text}"] + [s.replace("let element = ", "element = ") for s in
                                                   inner] + ["list.append(element)"]
        expr = self.read_written() if written else self.read_general()
        return [f"list.append(try {expr})"]

    # Writing -----------------------------------------------------------------

    def write_statements(self, value, fallible):
        k = self.kind
        if k == "string":
            return [f"JSONWriter.writeString({value}, to: &out)"]
        if k == "int":
            return [f"JSONWriter.writeInteger(Int64({value}), to: &out)"]
        if k == "int64":
            return [f"JSONWriter.writeInteger({value}, to: &out)"]
        if k == "bool":
            return [f"JSONWriter.writeBool({value}, to: &out)"]
        if k in ("case", "rawValue"):
            return [f"JSONWriter.writeRawValue({value}, to: &out)"]
        if k == "declared":
            return [f"JSONWriter.writeString({value}.rawValue, to: &out)"]
        if k == "nested" and self.writable:
            return [f"{value}.write(to: &out)"]
        if k in ("nested", "opaque"):
            assert fallible
            return [f"guard JSONWriter.writeEncoded({value}, to: &out) else {{ return refuse(&out) }}"]
        if k == "array":
            lines = ['JSONWriter.raw("[", to: &out)',
                     f"for (index, element) in {value}.enumerated() {{",
                     '  if index > 0 { JSONWriter.raw(",", to: &out) }']
            lines += ["  " + s for s in self.element.write_statements("element", fallible)]
            lines += ["}", 'JSONWriter.raw("]", to: &out)']
            return lines
        raise AssertionError(k)


def swift_string_token(text):
    return '#"' + text + '"#'


def emit_shape(shape, knowledge, generated):
    members = sorted(shape.members, key=lambda m: m.name.encode())
    kinds = {m.name: Kind(m.type[:-1] if m.optional else m.type, knowledge, generated) for m in members}
    q = shape.qualified
    lines = []
    doc_members = ", ".join(f"`{m.name}`" for m in members) or "no members"
    lines.append(f"/// `{q}` read and written in one pass ({doc_members}).")
    lines.append(f"extension {q}: JSONReadable {{")
    lines.append("  public static func read(from reader: inout JSONReader) throws(JSONReader.Unusual) -> Self {")
    lines.append("    try reader.read(written: readWritten, members: readMembers)")
    lines.append("  }")
    lines.append("")
    # Exact layout.
    lines.append("  /// The writer's layout: members sorted, compact, an absent optional left out.")
    lines.append("  private static func readWritten(from reader: inout JSONReader) throws(JSONReader.Unusual)"
                 " -> Self {")
    body = ['try reader.open(UInt8(ascii: "{"))']
    for m in members:
        kind = kinds[m.name]
        token = swift_string_token(f'"{m.name}":')
        if m.optional:
            body.append(f"var {m.local}: {kind.text}? = nil")
            body.append(f"if reader.member({token}) {{")
            body += ["  " + s for s in kind.read_statements(m.local, written=True)]
            body.append("}")
        else:
            body.append(f"let {m.local}: {kind.text}")
            body.append(f"try reader.expectMember({token})")
            body += kind.read_statements(m.local, written=True)
    body.append('guard reader.close(UInt8(ascii: "}")) else { throw JSONReader.Unusual() }')
    args = ", ".join(f"{m.name}: {m.local}" for m in members)
    body.append(f"return Self(readShape: (){', ' + args if args else ''})")
    lines += ["    " + s for s in body]
    lines.append("  }")
    lines.append("")
    # By name.
    lines.append("  /// Any order, whitespace, unknown members skipped; a member given twice is `Unusual`.")
    lines.append("  private static func readMembers(from reader: inout JSONReader) throws(JSONReader.Unusual)"
                 " -> Self {")
    body = []
    for m in members:
        kind = kinds[m.name]
        body.append(f"var {m.local}: {kind.text}{'??' if m.optional else '?'} = nil")
    body.append("try reader.enterObject()")
    if members:
        body.append("while let member = try reader.nextMember() {")
        body.append("  switch member {")
        for m in members:
            kind = kinds[m.name]
            body.append(f'  case "{m.name}":')
            body.append(f"    guard {m.local} == nil else {{ throw JSONReader.Unusual() }}")
            if m.optional:
                body.append(f"    if reader.null() {{")
                body.append(f"      {m.local} = .some(nil)")
                body.append("    } else {")
                body += ["      " + s for s in kind.read_statements(m.local, written=False)]
                body.append("    }")
            else:
                body += ["    " + s for s in kind.read_statements(m.local, written=False)]
        body.append("  default: try reader.skip()")
        body.append("  }")
        body.append("}")
    else:
        body.append("while try reader.nextMember() != nil { try reader.skip() }")
    required = [m for m in members if not m.optional]
    if required:
        body.append("guard " + ", ".join(f"let {m.local}" for m in required)
                    + " else { throw JSONReader.Unusual() }")
    args = ", ".join(f"{m.name}: {m.local}{' ?? nil' if m.optional else ''}" for m in members)
    body.append(f"return Self(readShape: (){', ' + args if args else ''})")
    lines += ["    " + s for s in body]
    lines.append("  }")
    lines.append("")
    # The init both readers call.
    params = ", ".join(f"{m.name}: {m.type}" for m in members)
    lines.append("  /// Every member as read.")
    lines.append(f"  fileprivate init(readShape: Void{', ' + params if params else ''}) {{")
    for m in members:
        lines.append(f"    self.{m.ident} = {m.name}")
    lines.append("  }")
    lines.append("}")
    lines.append("")
    # The writer.
    fallible = any(kinds[m.name].needs_encoder for m in members)
    if fallible and not shape.is_event:
        return lines  # a nested value with no writer: its owner writes it through the encoder
    if fallible:
        lines.append(f"extension {q} {{")
        lines.append("  /// Writes the data (members sorted, compact, an absent optional left out); a member")
        lines.append("  /// with no writer of its own through the encoder (false, `out` as it was, where it refuses).")
        lines.append("  public func writeData(to out: inout JSONOutput) -> Bool {")
        lines.append("    let start = out.count")
        lines.append("    func refuse(_ out: inout JSONOutput) -> Bool {")
        lines.append("      out.removeLast(out.count - start)")
        lines.append("      return false")
        lines.append("    }")
    else:
        lines.append(f"extension {q}: JSONWritable {{")
        lines.append("  /// Writes the value as the encoder does: members sorted, compact, an absent optional left out.")
        lines.append("  public func write(to out: inout JSONOutput) {")
    body = []
    pending = "{"  # literal text not yet written
    # Whether a member was written before this one: "none" (surely not), "some" (surely), or
    # "flag" (only optional ones came before: `comma` knows).
    state = "none"

    def flush():
        nonlocal pending
        if pending:
            body.append(f"JSONWriter.raw({swift_string_token(pending)}, to: &out)")
            pending = ""

    for i, m in enumerate(members):
        kind = kinds[m.name]
        token = f'"{m.name}":'
        value = f"self.{m.ident}"
        dynamic = (f"JSONWriter.raw(comma ? {swift_string_token(',' + token)} : "
                   f"{swift_string_token(token)}, to: &out)")
        if m.optional:
            flush()
            body.append(f"if let {m.local} = {value} {{")
            if state == "flag":
                body.append("  " + dynamic)
            else:
                body.append(f"  JSONWriter.raw({swift_string_token((',' if state == 'some' else '') + token)}, to: &out)")
            body += ["  " + s for s in kind.write_statements(m.local, fallible)]
            if state != "some" and i + 1 < len(members):
                body.append("  comma = true")
            body.append("}")
            if state != "some":
                state = "flag"
        else:
            if state == "flag":
                flush()
                body.append(dynamic)
            else:
                pending += ("," if state == "some" else "") + token
                flush()
            body += kind.write_statements(value, fallible)
            state = "some"
    pending += "}"
    flush()
    if any("comma ?" in line for line in body):
        body.insert(0, "var comma = false")
    if fallible:
        body.append("return true")
    lines += ["    " + s for s in body]
    lines.append("  }")
    lines.append("}")
    lines.append("")
    return lines


def emit_packed(p):
    """`struct X` written whole from `protocol XMembers` (see `Packed`)."""
    name, texts_type = p.name, p.name + "Texts"
    ordered = sorted(p.members, key=lambda m: m.name.encode())
    fields = [m for m in ordered if m.type in ("String", "String?")]
    lst = next(m for m in ordered if m.type == "[String]")
    numbers = [m for m in p.members if m.type in ("Int", "Int?")]  # declaration order
    if len(fields) > 16:
        raise SystemExit(f"{name}: at most 16 texts (the readers' `seen` bits)")
    after = next((i for i, f in enumerate(fields) if f.name.encode() > lst.name.encode()), len(fields))
    L = []
    L += p.type_docs
    L.append(f"public struct {name}: {name}Members, Codable, Equatable, Sendable {{")
    L.append(f"  /// Every text below, in one buffer (one allocation per {name.lower()}; see `{texts_type}`).")
    L.append(f"  private let texts: {texts_type}")
    for m in numbers:
        L += ["  " + d for d in p.docs_of(m)]
        L.append(f"  public let {m.name}: {m.type}")
    L.append("")
    for m in p.members:
        if m in numbers:
            continue
        L += ["  " + d for d in p.docs_of(m)]
        if m is lst:
            L.append(f"  public var {m.name}: [String] {{ texts.list }}")
        elif m.optional:
            L.append(f"  public var {m.name}: String? {{ texts[.{m.name}] }}")
        else:
            L.append(f"  public var {m.name}: String {{ texts[.{m.name}] ?? \"\" }}")
    L.append("")
    params = []
    for m in p.members:
        default = " = nil" if m.optional else (" = []" if m is lst else "")
        params.append(f"{m.name}: {m.type}{default}")
    L.append(f"  /// A {name.lower()} of these members.")
    L.append(f"  public init({', '.join(params)}) {{")
    L.append(f"    // In `{texts_type}.Field` order.")
    L.append(f"    self.texts = {texts_type}([{', '.join(f.name for f in fields)}], list: {lst.name})")
    for m in numbers:
        L.append(f"    self.{m.name} = {m.name}")
    L.append("  }")
    L.append("")
    L.append("  /// Texts already laid out (replay reads them straight off a log line).")
    L.append(f"  init(texts: {texts_type}, {', '.join(f'{m.name}: {m.type}' for m in numbers)}) {{")
    L.append("    self.texts = texts")
    for m in numbers:
        L.append(f"    self.{m.name} = {m.name}")
    L.append("  }")
    L.append("")
    L.append("  private enum Keys: String, CodingKey {")
    L.append(f"    case {', '.join(m.name for m in p.members)}")
    L.append("  }")
    L.append("")
    L.append("  /// Every member; an optional one may be missing (a log older than it) or null.")
    L.append("  public init(from decoder: any Decoder) throws {")
    L.append("    let c = try decoder.container(keyedBy: Keys.self)")
    args = []
    for m in p.members:
        base = m.type[:-1] if m.optional else m.type
        how = "decodeIfPresent" if m.optional else "decode"
        args.append(f"{m.name}: try c.{how}({base}.self, forKey: .{m.name})")
    L.append(f"    self.init({', '.join(args)})")
    L.append("  }")
    L.append("")
    L.append("  /// Every member, an absent optional as `null` (so every documented path exists).")
    L.append("  public func encode(to encoder: any Encoder) throws {")
    L.append("    var c = encoder.container(keyedBy: Keys.self)")
    for m in p.members:
        value = f"Nullable(wrappedValue: {m.name})" if m.optional else m.name
        L.append(f"    try c.encode({value}, forKey: .{m.name})")
    L.append("  }")
    L.append("}")
    L.append("")
    # The texts' order.
    L.append(f"extension {texts_type} {{")
    L.append("  /// The texts in the order of their members' names, as the writer sorts them.")
    L.append("  enum Field: Int, CaseIterable {")
    L.append(f"    case {', '.join(f.name for f in fields)}")
    L.append("")
    L.append(f"    /// Whether a {name.lower()} may lack this text (its member absent or null).")
    L.append("    var isOptional: Bool {")
    optional = [f for f in fields if f.optional]
    required = [f for f in fields if not f.optional]
    if optional and required:
        L.append("      switch self {")
        L.append(f"      case {', '.join('.' + f.name for f in optional)}: true")
        L.append(f"      case {', '.join('.' + f.name for f in required)}: false")
        L.append("      }")
    else:
        L.append(f"      {'true' if optional else 'false'}")
    L.append("    }")
    L.append("  }")
    L.append("")
    L.append(f"  /// The first field after the list (`{lst.name}`), which the members' order puts there.")
    L.append(f"  static let afterList = {after}")
    L.append("  /// Each text's place in a JSON text, for a reader by name (`Spans`).")
    L.append(f"  typealias TextSpans = InlineArray<{len(fields)}, JSONReader.Span?>")
    L.append("}")
    L.append("")
    # Readers.
    L.append(f"/// `{name}` read in one pass, its texts copied into its buffer as they are met.")
    L.append(f"extension {name}: JSONReadable {{")
    L.append(f"  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> {name} {{")
    L.append("    try r.read(written: readWritten, members: readMembers)")
    L.append("  }")
    L.append("")
    L.append("  /// The writer's layout: every member, sorted, no whitespace; the texts laid out as they are")
    L.append("  /// read, into a scratch on the stack (texts that need more take `readMembers`).")
    L.append(f"  private static func readWritten(from r: inout JSONReader) throws(JSONReader.Unusual) -> {name} {{")
    L.append("    try withUnsafeTemporaryAllocation(byteCount: writtenScratch, alignment: 8) {")
    L.append("      scratch throws(JSONReader.Unusual) in")
    L.append(f"      var w = {texts_type}.Writer(scratch, copyingFrom: r.bytes)")
    L.append('      try r.open(UInt8(ascii: "{"))')
    for m in ordered:
        L.append(f"      try r.expectMember({swift_string_token(chr(34) + m.name + chr(34) + ':')})")
        if m is lst:
            L.append('      try r.open(UInt8(ascii: "["))')
            L.append("      try w.beginList()")
            L.append("      var count = 0")
            L.append('      if !r.close(UInt8(ascii: "]")) {')
            L.append("        repeat {")
            L.append(f"          guard count < {texts_type}.listBound else {{ throw JSONReader.Unusual() }}")
            L.append("          try w.put(try r.plainString())")
            L.append("          count += 1")
            L.append("        } while r.comma()")
            L.append('        guard r.close(UInt8(ascii: "]")) else { throw JSONReader.Unusual() }')
            L.append("      }")
            L.append("      try w.endList(count: count)")
        elif m.type == "String":
            L.append("      try w.put(try r.plainString())")
        elif m.type == "String?":
            L.append("      try w.put(try r.plainStringOrNull())")
        elif m.type == "Int":
            L.append(f"      let {m.name} = try r.plainInt()")
        else:
            L.append(f"      let {m.name} = try r.plainIntOrNull()")
    L.append('      guard r.close(UInt8(ascii: "}")) else { throw JSONReader.Unusual() }')
    L.append(f"      return {name}(texts: w.texts, {', '.join(f'{m.name}: {m.name}' for m in numbers)})")
    L.append("    }")
    L.append("  }")
    L.append("")
    L.append(f"  /// The stack scratch the texts are laid out in on the fast path: a provider's {name.lower()}'s")
    L.append("  /// texts are a few hundred bytes.")
    L.append("  private static let writtenScratch = 1024")
    L.append("")
    L.append("  /// Any order, whitespace, unknown members skipped: each member looked up by name. `Unusual`")
    L.append("  /// where `init(from:)` would not take the members as they are (a required text absent or")
    L.append("  /// null, a member twice) or where copying is not enough (an escaped text).")
    L.append(f"  private static func readMembers(from r: inout JSONReader) throws(JSONReader.Unusual) -> {name} {{")
    L.append(f"    var spans = {texts_type}.Spans()")
    L.append("    var seen: UInt16 = 0")
    for m in numbers:
        L.append(f"    var {m.name}: {'Int??' if m.optional else 'Int?'}")
    L.append("    var listSeen = false")
    L.append("    try r.enterObject()")
    L.append("    while let name = try r.nextMember() {")
    L.append("      switch name {")
    for m in ordered:
        if m is lst:
            L.append(f'      case "{m.name}":')
            L.append("        guard !listSeen else { throw JSONReader.Unusual() }")
            L.append("        listSeen = true")
            L.append("        try r.enterArray()")
            L.append("        while try r.nextElement() { try spans.appendToList(try r.stringSpan()) }")
        elif m in fields:
            L.append(f'      case "{m.name}": try text(.{m.name}, &r, &spans, &seen)')
        elif m.optional:
            L.append(f'      case "{m.name}": try r.nullableInt(into: &{m.name})')
        else:
            L.append(f'      case "{m.name}": try r.int(into: &{m.name})')
    L.append("      default: try r.skip()")
    L.append("      }")
    L.append("    }")
    required_numbers = [m for m in numbers if not m.optional]
    L.append(f"    guard {', '.join(f'let {m.name}' for m in required_numbers) + ', ' if required_numbers else ''}listSeen"
             " else { throw JSONReader.Unusual() }")
    L.append(f"    for field in {texts_type}.Field.allCases where !field.isOptional && spans.texts[field.rawValue] == nil {{")
    L.append("      throw JSONReader.Unusual()")
    L.append("    }")
    margs = ", ".join(f"{m.name}: {m.name}{' ?? nil' if m.optional else ''}" for m in numbers)
    L.append(f"    return {name}(texts: try spans.texts(copyingFrom: r.bytes), {margs})")
    L.append("  }")
    L.append("")
    L.append("  /// The text member `field`, read once: `null` only where the field is optional, never an escape.")
    L.append("  private static func text(")
    L.append(f"    _ field: {texts_type}.Field, _ r: inout JSONReader, _ spans: inout {texts_type}.Spans,")
    L.append("    _ seen: inout UInt16")
    L.append("  ) throws(JSONReader.Unusual) {")
    L.append("    let bit: UInt16 = 1 << field.rawValue")
    L.append("    guard seen & bit == 0 else { throw JSONReader.Unusual() }")
    L.append("    seen |= bit")
    L.append("    if field.isOptional, r.null() { return }")
    L.append("    let span = try r.stringSpan()")
    L.append("    guard !span.escaped else { throw JSONReader.Unusual() }")
    L.append("    spans.texts[field.rawValue] = span")
    L.append("  }")
    L.append("}")
    L.append("")
    # Writer.
    L.append(f"extension {name}: JSONWritable {{")
    L.append("  /// Writes the value as the encoder does: every member, sorted, an absent optional as `null`.")
    L.append("  public func write(to out: inout JSONOutput) {")
    first = True
    for m in ordered:
        token = ("{" if first else ",") + f'"{m.name}":'
        first = False
        L.append(f"    JSONWriter.raw({swift_string_token(token)}, to: &out)")
        if m is lst:
            L.append('    JSONWriter.raw("[", to: &out)')
            L.append(f"    for (index, text) in {m.name}.enumerated() {{")
            L.append('      if index > 0 { JSONWriter.raw(",", to: &out) }')
            L.append("      JSONWriter.writeString(text, to: &out)")
            L.append("    }")
            L.append('    JSONWriter.raw("]", to: &out)')
        elif m.type == "String":
            L.append(f"    JSONWriter.writeString({m.name}, to: &out)")
        elif m.type == "Int":
            L.append(f"    JSONWriter.writeInteger(Int64({m.name}), to: &out)")
        else:
            write = "JSONWriter.writeString(value, to: &out)" if m.type == "String?" else \
                "JSONWriter.writeInteger(Int64(value), to: &out)"
            L.append(f"    if let value = {m.name} {{ {write} }} else {{ JSONWriter.raw(\"null\", to: &out) }}")
    L.append('    JSONWriter.raw("}", to: &out)')
    L.append("  }")
    L.append("}")
    L.append("")
    return L


def render(files, knowledge):
    shapes = find_shapes(files, knowledge)
    # Generated nested types: name -> whether a JSONWritable is generated for it.
    generated = {}
    packed = find_packed(files)
    for p in packed:
        generated[p.name] = True
    for s in shapes:
        generated[s.simple] = None
    for _ in range(3):  # writability of nested shapes depends on their members'
        for s in shapes:
            if s.is_event:
                continue
            kinds = [Kind(m.type[:-1] if m.optional else m.type, knowledge, generated) for m in s.members]
            generated[s.simple] = not any(k.needs_encoder for k in kinds)
    by_source = {}
    for p in packed:
        by_source.setdefault(p.source, []).append(p)
    for s in shapes:
        by_source.setdefault(s.source, []).append(s)
    outputs = {}
    for source, group in sorted(by_source.items()):
        rel = os.path.relpath(source, ROOT)
        lines = [f"// Generated by Tools/shapes/generate.py from {os.path.basename(source)}: do not edit;",
                 "// run `python3 Tools/shapes/generate.py` after changing a shape there.", "",
                 "import JSON", ""]
        for s in group:
            lines += emit_packed(s) if isinstance(s, Packed) else emit_shape(s, knowledge, generated)
        text = "\n".join(lines).rstrip("\n") + "\n"
        outputs[source[:-len(".swift")] + SUFFIX] = format_swift(text)
    return outputs


def format_swift(text):
    try:
        done = subprocess.run(["swift", "format", "--configuration", os.path.join(ROOT, ".swift-format")],
                              input=text, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        raise SystemExit(f"swift format failed: {error}")
    return done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 when a committed file differs")
    args = parser.parse_args()
    files = read_sources()
    outputs = render(files, Knowledge(files))
    existing = set(p for p in glob.glob(os.path.join(SOURCES, "**", "*" + SUFFIX), recursive=True))
    stale = []
    for path, text in sorted(outputs.items()):
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current != text:
            stale.append(path)
            if not args.check:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    for path in sorted(existing - set(outputs)):
        stale.append(path)
        if not args.check:
            os.remove(path)
    if args.check and stale:
        for path in stale:
            print(f"stale: {os.path.relpath(path, ROOT)}", file=sys.stderr)
        print("the generated shapes are stale: run `python3 Tools/shapes/generate.py`", file=sys.stderr)
        return 1
    if not args.check:
        print(f"shapes: {len(outputs)} files, {len(stale)} written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
