// Type tests: tsc must accept the right calls and refuse the wrong ones (each @ts-expect-error
// fails the check if its line compiles). Checked by CI with `tsc --noEmit --strict`.
import { GalleryClient, Rejected, type MessageCode, type RejectionOf, type State } from "../gallery-client.js";

declare const client: GalleryClient;

async function typed(): Promise<void> {
  const result = await client.request("auth/setEmail", { value: "a@b.co" });
  const version: number = result.version;
  await client.request("feed/refresh");
  const got = await client.request("state/get", { pointer: "/feed" });
  const stateVersion: number = got.version;
  // @ts-expect-error: a required parameter is missing
  await client.request("auth/setEmail", {});
  // @ts-expect-error: a misspelt parameter
  await client.request("auth/setEmail", { valu: "x" });
  // @ts-expect-error: no such method
  await client.request("auth/setMail", { value: "x" });
  // @ts-expect-error: an enum takes only its values
  await client.request("nav/open", { screen: "home" });
  const state: State | null = client.state;
  const code: MessageCode | undefined = state?.feed.error?.code;
  // @ts-expect-error: a message code is one of the catalog's
  const wrong: MessageCode = "no.suchCode";
  const refusal: RejectionOf<"albums/open"> = "albums.unknownAlbum";
  // @ts-expect-error: albums/open is never refused for a busy sign-in
  const notItsRefusal: RejectionOf<"albums/open"> = "auth.busy";
  // @ts-expect-error: a method that is no action is never refused
  const noRefusal: RejectionOf<"state/get"> = "history.readOnly";
  try {
    await client.request("albums/open", { albumId: 3 });
  } catch (e) {
    if (e instanceof Rejected) {
      const reason: MessageCode = e.reason;
      const named: { [name: string]: string } = e.arguments;
      console.log(reason, named, version, stateVersion, code, wrong, refusal, notItsRefusal, noRefusal);
    }
  }
}
void typed;

import { rerun, type RerunReport } from "../node.js";

async function rerunTyped(): Promise<void> {
  const { status, report } = await rerun("session.jsonl", { until: 40 });
  const same: boolean = status === 0;
  const count: number = report.events;
  const where: number | undefined = report.divergence?.seq;
  const method: string | undefined = report.divergence?.input?.method;
  const kept: RerunReport = report;
  // @ts-expect-error: until is a seq, a number
  await rerun("session.jsonl", { until: "40" });
  void [same, count, where, method, kept];
}
void rerunTyped;
