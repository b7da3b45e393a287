import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach } from "vitest";
import { capturedLogger } from "../../setup/captured-logger";

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/**
 * A real Express app on 127.0.0.1 with `use` applied to it (after the locals the pipeline's earlier
 * middleware would have set: a request id and a logger), closed after the test.
 */
export async function serve(use: (app: express.Express) => void): Promise<{ url: string; records: ReturnType<typeof capturedLogger>["records"] }> {
  const { logger, records } = capturedLogger();
  const app = express();
  app.use((_req, res, next) => {
    Object.assign(res.locals, { requestId: "test", logger, cspNonce: "" });
    next();
  });
  use(app);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, records };
}
