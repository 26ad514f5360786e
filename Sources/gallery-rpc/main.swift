print("gallery-rpc")
