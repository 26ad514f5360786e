"""A typed client for gallery-rpc: requests and results typed from the protocol, the server
over stdio, and a live mirror of its state."""

from .client import GalleryClient, Rejected, RequestError, default_binary
from .mirror import StateMirror
from .patch import PatchError, apply
from .protocol import MESSAGE_ARGUMENTS, METHODS, MessageCode, State
from .rerun import RerunError, RerunReport, rerun

__all__ = [
    "GalleryClient",
    "MESSAGE_ARGUMENTS",
    "METHODS",
    "MessageCode",
    "PatchError",
    "Rejected",
    "RerunError",
    "RerunReport",
    "RequestError",
    "State",
    "StateMirror",
    "apply",
    "default_binary",
    "rerun",
]
