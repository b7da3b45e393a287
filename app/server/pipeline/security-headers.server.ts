import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import type { Env } from "../platform/env.server";
import { isCastingPath } from "../../domain/paths";
import { contentSecurityPolicy } from "../route-kit/security-headers.server";
import { appLocals, siteOrigin } from "./locals.server";

type PolicyEnv = Pick<Env, "KAKAO_MAP_APP_KEY" | "MEDIA_PUBLIC_URL">;

/** What the pages' policy allows beyond this site: the Kakao map, and the public images' base URL. */
export function policyOptions(env: PolicyEnv) {
  return { kakaoMaps: Boolean(env.KAKAO_MAP_APP_KEY), mediaSource: env.MEDIA_PUBLIC_URL ? `${env.MEDIA_PUBLIC_URL}/` : undefined };
}

/**
 * The headers every answer carries; the Content-Security-Policy with this response's nonce outside
 * development (Vite's dev server injects inline scripts), and HSTS when the site is served over https.
 */
export function securityHeaders(env: PolicyEnv & Pick<Env, "NODE_ENV" | "PUBLIC_ORIGIN">): RequestHandler {
  const production = env.NODE_ENV !== "development";
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    appLocals(res).cspNonce = nonce;
    if (production) {
      res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, ...policyOptions(env) }));
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    // A casting package's address holds its token: no other site is told it (decision 047).
    res.setHeader("Referrer-Policy", isCastingPath(req.path) ? "same-origin" : "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (siteOrigin(env, req).startsWith("https:")) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
