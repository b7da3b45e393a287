import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "../../app/root";

async function render(loader: () => unknown) {
  const routes = [{ id: "root", path: "/", loader, Component: () => <p>ok</p>, ErrorBoundary }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://127.0.0.1/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return { status: context.statusCode, html: renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />) };
}

describe("error pages", () => {
  it("a not-found answer renders the Korean 404 page with a way home", async () => {
    const { status, html } = await render(() => {
      throw data(null, { status: 404 });
    });
    expect(status).toBe(404);
    expect(html).toContain("페이지를 찾을 수 없습니다");
    expect(html).toContain('href="/"');
  });

  it("an unexpected failure renders the Korean 500 page without internals", async () => {
    const { status, html } = await render(() => {
      throw new Error("connection refused at db.server.ts:42 SELECT * FROM secrets");
    });
    expect(status).toBe(500);
    expect(html).toContain("일시적인 오류가 발생했습니다");
    expect(html).toContain("500");
    expect(html).not.toContain("connection refused");
    expect(html).not.toContain("SELECT");
  });
});
