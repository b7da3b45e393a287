import fs from "node:fs";
import { artistProfilePdfPath } from "../../app/domain/paths";
import { expect, test } from "./fixtures";
import { DEMO_ARTISTS } from "./helpers";
import { parsePdf } from "../fixtures/pdf";

test("a casting director downloads an artist's profile PDF from the artist page", async ({ page }) => {
  const artist = DEMO_ARTISTS[0]!;
  await page.goto(`/artist/${encodeURIComponent(artist.name)}`);
  const link = page.getByRole("link", { name: "프로필 PDF" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", artistProfilePdfPath(artist.name));

  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${artist.name}-profile.pdf`);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.byteLength).toBeGreaterThan(10 * 1024);
  expect(bytes.byteLength).toBeLessThan(1024 * 1024);
  // It opens: one or two A4 pages whose text holds the artist's Korean name (not outlines).
  const parsed = await parsePdf(new Uint8Array(bytes));
  expect(parsed.pages).toBeGreaterThanOrEqual(1);
  expect(parsed.pages).toBeLessThanOrEqual(2);
  expect(parsed.text.join(" ")).toContain(artist.name);
  expect(parsed.images[0]).toBeGreaterThanOrEqual(1);

  // The same address, as a browser opening it directly gets it.
  const response = await page.request.get(artistProfilePdfPath(artist.name));
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect((await response.body()).equals(bytes)).toBe(true);
});

test("the English artist page offers the English profile PDF", async ({ page }) => {
  const artist = DEMO_ARTISTS[0]!;
  await page.goto(`/en/artist/${encodeURIComponent(artist.name)}`);
  const link = page.getByRole("link", { name: "Profile PDF" });
  const downloading = page.waitForEvent("download");
  await link.click();
  const parsed = await parsePdf(new Uint8Array(fs.readFileSync(await (await downloading).path())));
  const text = parsed.text.join(" ");
  expect(text).toContain(artist.nameEn);
  expect(text).toContain(artist.name);
  expect(text).toContain("Date of birth");
});
