"""RFC 6902 patches (add, remove, replace) on JSON documents, as `state/changed` sends them."""

from typing import Any, List, Mapping, Sequence


class PatchError(ValueError):
    """A patch that does not fit the document (the mirror then asks for the whole state)."""


def _tokens(pointer: str) -> List[str]:
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise PatchError(f"not a JSON pointer: {pointer!r}")
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def _child(node: Any, token: str, pointer: str) -> Any:
    if isinstance(node, list):
        if not token.isdigit() or int(token) >= len(node):
            raise PatchError(f"{pointer}: no element {token}")
        return node[int(token)]
    if isinstance(node, dict):
        if token not in node:
            raise PatchError(f"{pointer}: no member {token}")
        return node[token]
    raise PatchError(f"{pointer}: {token} is inside a value that is neither object nor array")


def apply(document: Any, operations: Sequence[Mapping[str, Any]]) -> Any:
    """Applies `operations` in order, in place where it can; answers the new document."""
    for op in operations:
        kind, pointer = op.get("op"), op.get("path", "")
        tokens = _tokens(pointer)
        if not tokens:
            if kind == "remove":
                raise PatchError("cannot remove the whole document")
            document = op.get("value")
            continue
        parent = document
        for token in tokens[:-1]:
            parent = _child(parent, token, pointer)
        last = tokens[-1]
        if isinstance(parent, list):
            index = len(parent) if last == "-" else int(last) if last.isdigit() else -1
            if index < 0 or index > len(parent) or (kind != "add" and index == len(parent)):
                raise PatchError(f"{pointer}: index {last} out of range")
            if kind == "add":
                parent.insert(index, op.get("value"))
            elif kind == "remove":
                del parent[index]
            elif kind == "replace":
                parent[index] = op.get("value")
            else:
                raise PatchError(f"unknown operation {kind!r}")
        elif isinstance(parent, dict):
            if kind in ("add", "replace"):
                if kind == "replace" and last not in parent:
                    raise PatchError(f"{pointer}: nothing to replace")
                parent[last] = op.get("value")
            elif kind == "remove":
                if last not in parent:
                    raise PatchError(f"{pointer}: nothing to remove")
                del parent[last]
            else:
                raise PatchError(f"unknown operation {kind!r}")
        else:
            raise PatchError(f"{pointer}: the parent is neither object nor array")
    return document
