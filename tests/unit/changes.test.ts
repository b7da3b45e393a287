import { describe, expect, it } from "vitest";
import { createChangeFeed, decodeChangeFromWire, encodeChangeForWire, ownEchoOnWire, type ChangeEvent, type ContentChange } from "../../app/server/platform/changes.server";
import { createLogger } from "../../app/server/platform/logger.server";

const change: ContentChange = { entity: "post", action: "created", ids: ["7"], paths: ["/news", "/newsDetail/7"] };

describe("the change feed", () => {
  it("hands every published change to every listener, marked local, until they unsubscribe", () => {
    const feed = createChangeFeed(undefined, () => new Date("2026-11-23T01:02:03Z"));
    const a: ChangeEvent[] = [];
    const b: ChangeEvent[] = [];
    feed.subscribe((e) => a.push(e));
    const stopB = feed.subscribe((e) => b.push(e));
    feed.publish(change);
    stopB();
    feed.publish({ ...change, ids: ["8"] });
    expect(a).toEqual([
      { ...change, ids: ["7"], origin: "local", at: "2026-11-23T01:02:03.000Z" },
      { ...change, ids: ["8"], origin: "local", at: "2026-11-23T01:02:03.000Z" },
    ]);
    expect(b).toHaveLength(1);
  });

  it("a failing listener does not keep the change from the others", () => {
    const feed = createChangeFeed(createLogger("silent"));
    const seen: string[] = [];
    feed.subscribe(() => {
      throw new Error("broken listener");
    });
    feed.subscribe((e) => seen.push(e.ids[0]!));
    feed.publish(change);
    expect(seen).toEqual(["7"]);
  });

  it("changes from other servers arrive as remote, and a server ignores its own NOTIFY", () => {
    const feed = createChangeFeed();
    const seen: ChangeEvent[] = [];
    feed.subscribe((e) => seen.push(e));
    const local: ChangeEvent = { ...change, ids: [...change.ids], paths: [...change.paths], origin: "local", at: "2026-11-23T00:00:00.000Z" };
    const wire = encodeChangeForWire(local, "server-a");
    expect(decodeChangeFromWire(wire, "server-a")).toBeNull();
    const remote = decodeChangeFromWire(wire, "server-b");
    expect(remote).toEqual({ entity: "post", action: "created", ids: ["7"], paths: ["/news", "/newsDetail/7"], at: "2026-11-23T00:00:00.000Z" });
    feed.receiveRemote(remote!);
    expect(seen).toEqual([{ ...remote, origin: "remote" }]);
  });

  it("our own announcement coming back is known by its sequence number; anyone else's is not ours", () => {
    const local: ChangeEvent = { ...change, ids: [...change.ids], paths: [...change.paths], origin: "local", at: "2026-11-23T00:00:00.000Z" };
    const wire = encodeChangeForWire(local, "server-a", 42);
    expect(ownEchoOnWire(wire, "server-a")).toBe(42);
    expect(ownEchoOnWire(wire, "server-b")).toBeNull();
    const huge = encodeChangeForWire({ ...local, ids: Array.from({ length: 2000 }, (_, i) => String(i)) }, "server-a", 43);
    expect(ownEchoOnWire(huge, "server-a")).toBe(43);
    for (const garbage of ["", "{", "null", '{"sender":"server-a"}', '{"sender":"server-a","seq":"1"}']) expect(ownEchoOnWire(garbage, "server-a")).toBeNull();
  });

  it("a change too big for one NOTIFY becomes a resync; garbage on the channel is ignored", () => {
    const huge: ChangeEvent = { ...change, ids: Array.from({ length: 2000 }, (_, i) => String(i)), paths: [], origin: "local", at: "2026-11-23T00:00:00.000Z" };
    const wire = encodeChangeForWire(huge, "a");
    expect(Buffer.byteLength(wire)).toBeLessThan(8000);
    expect(decodeChangeFromWire(wire, "b")).toMatchObject({ entity: "site", action: "resync", paths: ["/"] });
    for (const garbage of ["", "{", "null", '{"sender":"x"}', '{"sender":"x","event":{"entity":"drop table","action":"created"}}']) {
      expect(decodeChangeFromWire(garbage, "b")).toBeNull();
    }
  });
});
