// Signs in with the demo account, prints the feed's first three photos, opens one and goes back.
// From the clone's root, after `swift build` (as .ci/run does; README "Typed clients"):
//   tsc --strict --target es2022 --module es2022 --moduleResolution node --rootDir . \
//     --outDir .build/ts-example Examples/typescript_client.ts
//   mkdir -p .build/ts-example/Clients/typescript
//   cp Clients/typescript/*.js Clients/typescript/package.json .build/ts-example/Clients/typescript/
//   echo '{"type":"module"}' > .build/ts-example/package.json   # ES modules on any Node 18+
//   GALLERY_RPC=.build/debug/gallery-rpc node .build/ts-example/Examples/typescript_client.js
import { spawnGallery } from "../Clients/typescript/node.js";

const client = spawnGallery({ dataDir: "temporary", args: ["--log-level", "error"] });
const demo = (await client.start({ clientName: "typescript_client.ts" })).capabilities.demoAccount;
if (demo === null) throw new Error("the demo account is off");
await client.request("auth/setEmail", { value: demo.email });
await client.request("auth/setPassword", { value: demo.password });
await client.request("auth/submitLogin");
const state = await client.waitFor((s) => s.feed.status === "loaded" && s.feed.items.length >= 3);
for (const item of state.feed.items.slice(0, 3)) console.log(item.photo.alt);
await client.request("feed/openDetail", { key: state.feed.items[0].key });
console.log("screen:", client.state?.route.at(-1)?.screen);
await client.request("nav/back");
console.log("screen:", client.state?.route.at(-1)?.screen);
console.log("exit status:", await client.close());
