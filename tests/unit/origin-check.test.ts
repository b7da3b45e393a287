import { describe, expect, it } from "vitest";
import { isForeignWrite } from "../../app/server/pipeline/cross-site-writes.server";

const base = { requestOrigin: "http://127.0.0.1:3000", secFetchSite: undefined };

describe("cross-site write guard", () => {
  it("lets reads through from anywhere", () => {
    expect(isForeignWrite({ ...base, method: "GET", origin: "https://evil.example" })).toBe(false);
  });

  it("lets same-origin writes through", () => {
    expect(isForeignWrite({ ...base, method: "POST", origin: "http://127.0.0.1:3000" })).toBe(false);
    expect(isForeignWrite({ ...base, method: "DELETE", origin: undefined, secFetchSite: "same-origin" })).toBe(false);
    // With PUBLIC_ORIGIN the site's origin is that one, whatever the proxy made the request look like.
    expect(isForeignWrite({ ...base, method: "PUT", origin: "https://we.example", requestOrigin: "https://we.example" })).toBe(false);
  });

  it("refuses writes from other origins, including another port of the same host and opaque origins", () => {
    expect(isForeignWrite({ ...base, method: "POST", origin: "https://evil.example" })).toBe(true);
    expect(isForeignWrite({ ...base, method: "POST", origin: "http://127.0.0.1:4000" })).toBe(true);
    expect(isForeignWrite({ ...base, method: "POST", origin: "null" })).toBe(true);
    expect(isForeignWrite({ ...base, method: "PATCH", origin: undefined, secFetchSite: "same-site" })).toBe(true);
    expect(isForeignWrite({ ...base, method: "POST", origin: undefined, secFetchSite: "cross-site" })).toBe(true);
  });

  it("allows configured API origins", () => {
    expect(isForeignWrite({ ...base, method: "POST", origin: "https://app.example", allowedOrigins: ["https://app.example"] })).toBe(false);
  });

  it("lets non-browser clients through (they still need credentials)", () => {
    expect(isForeignWrite({ ...base, method: "POST", origin: undefined })).toBe(false);
  });
});
