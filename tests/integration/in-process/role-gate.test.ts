import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUsers } from "../../../drizzle/schema";
import { accessOf, PRIVATE_ROUTES, type SiteRoute } from "../../../app/domain/site-routes";
import { roleMay, roleReachesPersonalData, STAFF_ROLES, type StaffRole } from "../../../app/domain/staff-roles";
import { provisionTotpSecret } from "../../../app/server/auth/second-factor.server";
import { hashPassword } from "../../../app/server/auth/passwords.server";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import { createTestApplication, type TestApplication } from "../../fixtures/auditions";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { routeAddress } from "../../setup/route-addresses";
import { signInCookie, TEST_TOTP_SECRET } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * Roles in the one gate (staff-roles.ts): every private route of the route table is asked by a signed-in
 * person of every role, reading (GET) and changing (POST); a role that may not use the route's area gets
 * a 403 that holds nothing of the page, and an applicant's planted details never reach a role without
 * access to auditions. A route added tomorrow is asked the same without a change here.
 */

const PLANTED = { name: "역할시험지원자", phone: "010-5555-0192", email: "role.gate.applicant@example.com", introduction: "역할 시험용 자기소개 첫 문장" };
const traces = () => [...Object.values(PLANTED), PLANTED.phone.replaceAll("-", "")];

describe(`the gate allows each route by role (${testEngine()})`, () => {
  let app: InProcessApp | undefined;
  let runtime: Runtime;
  let baseURL: string;
  let applicant: TestApplication;
  const cookies = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    app = await startInProcessApp("roles", { MAX_ANONYMOUS_BODIES: "1000", MAX_ANONYMOUS_BODIES_PER_ADDRESS: "1000" });
    ({ runtime, baseURL } = app);
    applicant = await createTestApplication(runtime, { name: PLANTED.name, phone: PLANTED.phone, email: PLANTED.email, introduction: PLANTED.introduction });
    for (const role of STAFF_ROLES) {
      const account = { id: `role-${role}`, password: `password-of-${role}-1`, totpSecret: TEST_TOTP_SECRET };
      await runtime.db.insert(staffUsers).values({ loginId: account.id, passwordHash: await hashPassword(account.password), role, displayName: `${role} 담당` });
      // The roles that reach applicants' data must have a second factor (decision 040) before any page opens.
      if (roleReachesPersonalData(role)) await provisionTotpSecret(runtime.db, runtime.sessionSecret, account.id, TEST_TOTP_SECRET);
      cookies[role] = await signInCookie(baseURL, account);
    }
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  const addressOf = (route: SiteRoute) => routeAddress(route, { fileId: applicant.photos[0]!.id, id: String(applicant.id) });

  it("every private route names its area", () => {
    expect(PRIVATE_ROUTES.filter((route) => route.area === undefined).map((route) => route.pattern)).toEqual([]);
  });

  it("each role reads and changes exactly what its areas allow, and a refusal shows nothing", async () => {
    const jobs: (() => Promise<void>)[] = [];
    for (const route of PRIVATE_ROUTES) {
      for (const role of STAFF_ROLES) {
        for (const method of ["GET", "POST"] as const) {
          jobs.push(async () => {
            const path = addressOf(route);
            const what = `${role} ${method} ${path}`;
            const response = await fetch(baseURL + path, {
              method,
              headers: { Cookie: cookies[role], Origin: baseURL, ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
              body: method === "POST" ? new URLSearchParams({ intent: "nothing-in-particular" }) : undefined,
              redirect: "manual",
            });
            const body = await response.text();
            // The API's write routes change whatever the method (a session may use them only to write).
            const allowed = roleMay(role, route.area!, method === "GET" && accessOf(route) !== "api-writer" ? "read" : "change");
            if (allowed) {
              expect(response.status, what).not.toBe(403);
              expect(response.status, what).not.toBe(401);
              expect(response.status, what).toBeLessThan(500);
            } else {
              expect(response.status, what).toBe(403);
              expect(response.headers.get("cache-control"), what).toMatch(/no-store/);
            }
            if (!roleMay(role, "auditions", "read")) for (const trace of traces()) expect(body.includes(trace), `${what} leaked "${trace}"`).toBe(false);
          });
        }
      }
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < jobs.length) await jobs[next++]!();
      }),
    );
  }, 240_000);

  it("the workspace's navigation lists only what the role may open", async () => {
    const nav = async (role: StaffRole) => {
      const html = await (await fetch(`${baseURL}/admin`, { headers: { Cookie: cookies[role] } })).text();
      const menu = /<nav class="workspace-nav"[^]*?<\/nav>/.exec(html)?.[0] ?? "";
      return [...menu.matchAll(/>([^<>]+)<\/a>/g)].map((m) => m[1]);
    };
    expect(await nav("owner")).toEqual(["개요", "뉴스·공지", "미디어", "휴지통", "배우", "직원 계정", "오디션 지원", "캐스팅 패키지", "사이트 설정", "활동 기록", "접속기록", "API 토큰", "이전 사이트 가져오기", "내 계정", "계정 보안"]);
    expect(await nav("editor")).toEqual(["개요", "뉴스·공지", "미디어", "휴지통", "배우", "캐스팅 패키지", "내 계정", "계정 보안"]);
    expect(await nav("casting")).toEqual(["개요", "오디션 지원", "내 계정", "계정 보안"]);
    expect(await nav("viewer")).toEqual(["개요", "뉴스·공지", "미디어", "휴지통", "배우", "내 계정", "계정 보안"]);
  });

  it("a session with a role that may not write the API with it is refused there (403 JSON)", async () => {
    for (const role of ["casting", "viewer"] as const) {
      const response = await fetch(`${baseURL}/api/we/writenews`, {
        method: "POST",
        headers: { Cookie: cookies[role], Origin: baseURL, "Content-Type": "application/json" },
        body: JSON.stringify({ title: "권한 없는 글", content: "<p>x</p>" }),
      });
      expect(response.status, role).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    }
  });
});
