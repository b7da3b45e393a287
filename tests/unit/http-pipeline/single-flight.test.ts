import { describe, expect, it } from "vitest";
import { SingleFlight } from "../../../app/server/pipeline/single-flight.server";

describe("single flight", () => {
  it("the first caller leads, later ones get its result; the first finish counts; then a new flight starts", async () => {
    const flights = new SingleFlight<string>();
    const leader = flights.claim("page");
    const follower = flights.claim("page");
    expect(leader.leader).toBe(true);
    expect(follower.leader).toBe(false);
    expect(flights.claim("other").leader).toBe(true);
    if (!leader.leader || follower.leader) throw new Error("unreachable");
    leader.finish("rendered");
    leader.finish(null);
    expect(await follower.result).toBe("rendered");
    expect(flights.has("page")).toBe(false);
    expect(flights.claim("page").leader).toBe(true);
  });
});
