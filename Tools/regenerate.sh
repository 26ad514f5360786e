#!/usr/bin/env bash
# Writes every generated file again from the declarations, in the order they depend on each
# other: the hot shapes' readers and writers (from their Swift declarations), the OpenRPC
# document (from the method catalog), the typed clients (from that document), then the tables in protocol/ that tests render (methods, tabs, message codes,
# event types). Run it after adding or changing a feature; CI checks each of these and fails
# with the command to run when one is stale.
#
#   bash Tools/regenerate.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 Tools/shapes/generate.py
swift build --product gallery-rpc
.build/debug/gallery-rpc openrpc > protocol/openrpc.json
# The clients' types and the build's own copy of the document (rpc.discover answers from it).
python3 Tools/clients/generate.py
swift build --build-tests
GALLERY_RECORD_DOCS=1 swift test --skip-build \
  --filter "EventDocsTests|MessageCatalogTests|ProtocolTablesTests" > /dev/null
echo "regenerated: the shapes' readers and writers, protocol/openrpc.json, the clients' types, protocol/README.md's and events.md's tables"
