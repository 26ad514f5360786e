#!/usr/bin/env python3
"""Signs in with the demo account, prints the feed's first three photos, opens one and goes back.

    PYTHONPATH=Clients/python python3 Examples/python_client.py .build/debug/gallery-rpc
"""

import sys
import tempfile

from gallery_client import GalleryClient

with tempfile.TemporaryDirectory() as data_dir, GalleryClient(sys.argv[1], ["--log-level", "error"], data_dir) as client:
    demo = client.start(client_name="python_client.py")["capabilities"]["demoAccount"]
    assert demo is not None, "the demo account is off"
    client.request("auth/setEmail", {"value": demo["email"]})
    client.request("auth/setPassword", {"value": demo["password"]})
    client.request("auth/submitLogin")
    state = client.wait_for(lambda s: s["feed"]["status"] == "loaded" and len(s["feed"]["items"]) >= 3)
    for item in state["feed"]["items"][:3]:
        print(item["photo"]["alt"])
    client.request("feed/openDetail", {"key": state["feed"]["items"][0]["key"]})
    print("screen:", client.state["route"][-1]["screen"])
    client.request("nav/back")
    print("screen:", client.state["route"][-1]["screen"])
