import "pretendard/dist/web/static/pretendard-dynamic-subset.css";
import "./styles/global.css";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { useEffect } from "react";
import { WEB_FONT_SCRIPT, warmWebFont } from "./lib/web-font";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { AdminBar } from "./components/admin-bar";
import { IdleWarning } from "./components/admin/idle-warning";
import { WorkspaceHeader } from "./components/admin/workspace-header";
import { WorkspaceNav } from "./components/admin/workspace-nav";
import { FlashNotice } from "./components/flash-notice";
import { getRequestContext } from "./server/route-kit/context.server";
import { loadRoot } from "./root.server";
import { LOCALE_INFO, localeOfPath, localizedPath } from "./domain/locale";
import { messagesFor } from "./domain/messages";
import { isVisitorDocument, WORKSPACE_DOCUMENT_IDS, WORKSPACE_LAYOUT_ID } from "./domain/site-routes";
import { PATHS, WORKSPACE_PATHS } from "./domain/paths";
import { FORBIDDEN_MESSAGE } from "./domain/staff-roles";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadRoot(getRequestContext(context), request);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = localeOfPath(useLocation().pathname);
  const t = messagesFor(locale);
  // Decision 027: an anonymous visitor's public page (or a 404) is complete HTML plus one small module
  // script, with full page loads between pages; the administrator (signed in, never cached) and the
  // admin pages keep the hydrated React app with client-side navigation. Decided on the server only: a
  // document React runs in stays the app (and keeps its scroll restoration) wherever it navigates.
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  // Decision 064: the workspace's pages (the sign-in pages included) have a frame of their own; its
  // navigation stands beside the pages under the workspace's layout route, for whoever is signed in.
  const workspaceDocument = matches.some((match) => WORKSPACE_DOCUMENT_IDS.has(match.id));
  const navRole = root?.staff && matches.some((match) => match.id === WORKSPACE_LAYOUT_ID) ? root.staff.role : null;
  const enhanceScript =
    typeof document === "undefined" && root?.enhanceScript && isVisitorDocument(root.isAdmin, leaf?.id) ? root.enhanceScript : null;
  // The React app's pages warm the web font too (the visitors' pages: app/enhance/main.ts). Then
  // `<html data-hydrated>` says the app is running, every component's effects done (a parent's effect
  // runs after its children's), as `data-enhanced` does on visitors' pages.
  useEffect(() => {
    warmWebFont();
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    // The inline script below may add the web font's class before React hydrates the admin's pages.
    <html lang={LOCALE_INFO[locale].lang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* First thing in <head>: whether the web font is at hand, before anything is painted (lib/web-font.ts). */}
        <script dangerouslySetInnerHTML={{ __html: WEB_FONT_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Here, not in `meta`: a route's meta replaces the root's, and these belong on every page. */}
        {root?.siteVerification.naver ? <meta name="naver-site-verification" content={root.siteVerification.naver} /> : null}
        {root?.siteVerification.google ? <meta name="google-site-verification" content={root.siteVerification.google} /> : null}
        <Meta />
        <Links />
        {/* A module script runs after the document is parsed, like the hydration it replaces. */}
        {enhanceScript ? <script type="module" src={enhanceScript} /> : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t.layout.skipLink}
        </a>
        {workspaceDocument ? (
          <>
            <WorkspaceHeader person={root?.staff ? { name: root.staff.name, role: root.staff.role } : null} />
            <div className={navRole ? "ws-frame" : "ws-frame ws-frame--single"}>
              {navRole ? (
                <div className="ws-sidebar">
                  <WorkspaceNav role={navRole} id="workspace-nav" />
                </div>
              ) : null}
              <main id="main" className="ws-main" tabIndex={-1}>
                <FlashNotice message={root?.flash ?? null} />
                {children}
              </main>
            </div>
          </>
        ) : (
          <>
            <SiteHeader social={root?.social ?? null} phone={root?.contact.phone ?? null} adminControls={root?.isAdmin ? <AdminBar /> : null} />
            <main id="main" className="page" tabIndex={-1}>
              <span id="top" />
              <FlashNotice message={root?.flash ?? null} />
              {children}
            </main>
            <SiteFooter info={root?.footer ?? null} isAdmin={root?.isAdmin ?? false} />
          </>
        )}
        {root?.staff && !enhanceScript ? <IdleWarning idleMinutes={root.staff.idleMinutes} /> : null}
        {enhanceScript ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const location = useLocation();
  // Re-mounting on a new path replays the 1.5 s fade-in on every page (requirements R3.1).
  return (
    <div key={location.pathname} className="page-fade">
      <Outlet />
    </div>
  );
}

export function meta({ location, error }: Route.MetaArgs) {
  const locale = localeOfPath(location.pathname);
  const page =
    locale === "en"
      ? [{ title: messagesFor("en").seo.siteTitle }, { name: "description", content: messagesFor("en").seo.description }]
      : [
          { title: "WE ENTERTAINMENT | 위이엔터테인먼트" },
          { name: "description", content: "배우의 꿈을 함께 만들어 가는 배우 매니지먼트, 위이엔터테인먼트입니다." },
        ];
  // An error page's title is set here, not by the boundary: a <title> of its own would be a second one in the head (the Nu checker, issue 40).
  return error === undefined ? page : [{ title: errorDocumentTitle(error, locale) }, ...page.slice(1)];
}

/** The document title of the error boundary's page for `error`. */
function errorDocumentTitle(error: unknown, locale: ReturnType<typeof localeOfPath>): string {
  if (isRouteErrorResponse(error) && error.status === 401) return "로그인 필요 | WE ENTERTAINMENT";
  if (isForbidden(error)) return "권한 없음 | WE ENTERTAINMENT";
  const t = messagesFor(locale).errors;
  return `${isRouteErrorResponse(error) && error.status === 404 ? t.notFoundTitle : t.errorDocumentTitle} | WE ENTERTAINMENT`;
}

/** The private gate's refusal of a role (not any 403). */
function isForbidden(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 403 && (error.data as { forbidden?: boolean } | null)?.forbidden === true;
}

/**
 * The private gate's answer to a form sent without a session (decision 031): nothing of the page,
 * only how to sign in and send the same form again (the browser still holds it, files included).
 */
function SignedOutPage() {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <meta name="robots" content="noindex, nofollow" />
      <p className="error-page__code" aria-hidden="true">401</p>
      <h1 id="error-title" className="error-page__title">
        로그인이 필요합니다
      </h1>
      <p className="error-page__text">로그인이 만료되어 보낸 내용을 처리하지 못했습니다. 보낸 내용은 이 브라우저에 그대로 남아 있습니다.</p>
      <ol className="error-page__steps">
        <li>
          <a href={PATHS.adminLogin} target="_blank" rel="noopener">
            새 창에서 로그인하기
          </a>
        </li>
        <li>이 창으로 돌아와 새로 고침하세요. 양식을 다시 보낼지 물으면 ‘계속’을 누르면 같은 내용이 다시 전송됩니다.</li>
      </ol>
      <Link to="/" className="button">
        홈으로 가기
      </Link>
    </section>
  );
}

/** The private gate's answer to a signed-in person whose role may not use the page: nothing of it. */
function ForbiddenPage() {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <meta name="robots" content="noindex, nofollow" />
      <p className="error-page__code" aria-hidden="true">403</p>
      <h1 id="error-title" className="error-page__title">
        권한이 없습니다
      </h1>
      <p className="error-page__text">{FORBIDDEN_MESSAGE}</p>
      <Link to={WORKSPACE_PATHS.dashboard} className="button">
        개요로 가기
      </Link>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const locale = localeOfPath(useLocation().pathname);
  const matches = useMatches();
  if (isRouteErrorResponse(error) && error.status === 401) return <SignedOutPage />;
  if (isForbidden(error)) return <ForbiddenPage />;
  const t = messagesFor(locale).errors;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Inside the workspace's frame (decision 064) the way on is its front page, not the visitors'.
  const inWorkspace = matches.some((match) => WORKSPACE_DOCUMENT_IDS.has(match.id));
  return (
    <section className="error-page" aria-labelledby="error-title">
      {/* A decoration out of the outline: the page's one heading is the message (h1) below. */}
      <p className="error-page__code" aria-hidden="true">
        {notFound ? "404" : isRouteErrorResponse(error) ? error.status : "500"}
      </p>
      <h1 id="error-title" className="error-page__title">
        {notFound ? t.notFoundTitle : t.errorTitle}
      </h1>
      <p className="error-page__text">{notFound ? t.notFoundText : t.errorText}</p>
      {inWorkspace ? (
        <Link to={WORKSPACE_PATHS.dashboard} className="button">
          개요로 가기
        </Link>
      ) : (
        <Link to={localizedPath(locale, "/")} className="button">
          {t.home}
        </Link>
      )}
    </section>
  );
}
