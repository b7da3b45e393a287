import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";

/** A multipart body with one large "image" file. */
function bigUpload(megabytes: number): FormData {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(megabytes * 1024 * 1024)], { type: "image/jpeg" }), "big.jpg");
  return form;
}

describe(`a response sent before the request body was read closes the connection (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });

  it("an oversize upload is refused with 413 and Connection: close, and the client's next requests work", async () => {
    for (let i = 0; i < 3; i++) {
      const refused = await fetch(`${server.baseURL}/api/img`, { method: "POST", body: bigUpload(30), headers: { Cookie: server.cookie, Origin: server.baseURL } });
      expect(refused.status).toBe(413);
      expect(refused.headers.get("connection")).toBe("close");
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("15MB");
      // Node's fetch keeps connections alive: the next request must not land on a connection the server dropped.
      expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
    }
  });

  it("writes refused before their body is read (no session, another site, wrong type) close it too", async () => {
    const refusals: { headers: Record<string, string>; status: number }[] = [
      { headers: { Origin: server.baseURL }, status: 401 },
      { headers: { Origin: "https://evil.example", Cookie: server.cookie }, status: 403 },
    ];
    for (const refusal of refusals) {
      const response = await fetch(`${server.baseURL}/api/img`, { method: "POST", body: bigUpload(8), headers: refusal.headers });
      expect(response.status).toBe(refusal.status);
      expect(response.headers.get("connection")).toBe("close");
      await response.arrayBuffer();
    }
    const wrongType = await fetch(`${server.baseURL}/api/we/writenews`, {
      method: "POST",
      body: "x".repeat(2 * 1024 * 1024),
      headers: { Origin: server.baseURL, Cookie: server.cookie, "Content-Type": "text/plain" },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.headers.get("connection")).toBe("close");
  });

  it("requests whose body was read keep their connection", async () => {
    const response = await fetch(`${server.baseURL}/api/we/writenews`, {
      method: "POST",
      body: JSON.stringify({ title: "연결 유지", content: "<p>본문</p>" }),
      headers: { Origin: server.baseURL, Cookie: server.cookie, "Content-Type": "application/json" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("connection")).toBe("keep-alive");
  });
});
