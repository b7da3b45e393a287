import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_SECURITY_PATH,
  artistEditorPath,
  artistPath,
  artistProfilePdfPath,
  castingArtistPath,
  castingArtistPdfPath,
  castingPackagePath,
  castingPackagePdfPath,
  deleteConfirmPath,
  historyPath,
  MEDIA_LIBRARY_JSON_PATH,
  mediaItemPath,
  packageAdminPath,
  PATHS,
  previewPath,
  secondStepPath,
  shareImagePath,
  SIGN_IN_VERIFY_PATH,
  signInAgainPath,
  signInPath,
  staffInvitationPath,
  WORKSPACE_PATHS,
} from "../../app/domain/paths";
import { ENGLISH_ROUTES, SITE_ROUTES } from "../../app/domain/site-routes";

/** The route of the table that answers a built link (its path only), or undefined. */
function routeOf(link: string) {
  const pathname = new URL(link, "http://site.test").pathname;
  return [...SITE_ROUTES, ...ENGLISH_ROUTES].find((r) => matchPath(r.pattern, pathname));
}

/** Names with the characters that path encodings treat differently (decision 063). */
const NAMES = ["홍길동", "A&B", "Kim, Ha-neul", "a+b=c", "50% 100$", "이름 #1?"];

describe("every link the path builders make is answered by a route of the table (decision 063: the builders, not href())", () => {
  it("fixed paths", () => {
    for (const path of [...Object.values(PATHS), ...Object.values(WORKSPACE_PATHS), SIGN_IN_VERIFY_PATH, ACCOUNT_SECURITY_PATH, MEDIA_LIBRARY_JSON_PATH]) {
      expect(routeOf(path), path).toBeDefined();
    }
  });

  it("built paths, with names and tokens that need encoding", () => {
    const built = [
      signInPath("/admin/posts?q=1"),
      secondStepPath("/admin"),
      signInAgainPath("/admin", "expired"),
      packageAdminPath(7),
      castingPackagePath("tok_en-1"),
      castingArtistPath("tok_en-1", 3),
      castingPackagePdfPath("tok_en-1"),
      castingArtistPdfPath("tok_en-1", 3),
      deleteConfirmPath(artistEditorPath("홍길동"), "list"),
      staffInvitationPath("invite-token"),
      previewPath("news", 1),
      previewPath("notice"),
      previewPath("artist", 2),
      historyPath("post", 1),
      historyPath("artist", 1, 2),
      mediaItemPath(5),
      artistEditorPath(),
      shareImagePath("artist", 1, "ko", "abc"),
      shareImagePath("news", 1, "en", "abc"),
      ...NAMES.flatMap((name) => [artistPath(name), artistProfilePdfPath(name), artistProfilePdfPath(name, "en"), artistEditorPath(name)]),
    ];
    for (const link of built) expect(routeOf(link), link).toBeDefined();
  });

  it("a name comes back whole from the link's route parameter, whatever it holds", () => {
    for (const name of NAMES) {
      const pathname = new URL(artistPath(name), "http://site.test").pathname;
      // React Router decodes the path segment by segment before it matches (the route reads the name as typed).
      const match = matchPath(`${PATHS.artists}/:name`, pathname);
      expect(match?.params.name?.split("/").length, name).toBe(1);
      expect(decodeURIComponent(match!.params.name!), name).toBe(name);
    }
  });
});
