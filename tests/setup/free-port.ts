/**
 * A free TCP port on the loopback interface. The one helper for it, used by the Vitest suites, the
 * Playwright config (which runs this file as a script, since its config is synchronous) and the
 * benchmark scripts.
 */
import net from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

if (import.meta.main) process.stdout.write(String(await freePort()));
