import { describe, expect, it } from "vitest";
import { DOWNLOAD_TICKET_SECONDS, issueDownloadTicket, redeemDownloadTicket } from "../../app/server/privacy/download-tickets.server";

// Checks that end before the database is asked (its one-time count is in tests/integration/in-process/access-records.test.ts).
const noDatabase = null as never;
const subject = { session: "session-hash", applicationId: 7, fileId: "a".repeat(32) };

describe("an applicant file's one-time download ticket (decision 066)", () => {
  it("is refused for another session, file or application, when altered, and once its minute is over", async () => {
    const issued = new Date("2026-11-26T01:00:00Z");
    const ticket = issueDownloadTicket("secret", subject, issued);
    const at = (seconds: number) => ({ now: new Date(issued.getTime() + seconds * 1000), continuation: true });
    expect(await redeemDownloadTicket(noDatabase, "secret", ticket, subject, at(10))).toBe("ok");
    expect(await redeemDownloadTicket(noDatabase, "secret", ticket, { ...subject, session: "other" }, at(10))).toBe("invalid");
    expect(await redeemDownloadTicket(noDatabase, "secret", ticket, { ...subject, fileId: "b".repeat(32) }, at(10))).toBe("invalid");
    expect(await redeemDownloadTicket(noDatabase, "secret", ticket, { ...subject, applicationId: 8 }, at(10))).toBe("invalid");
    expect(await redeemDownloadTicket(noDatabase, "other secret", ticket, subject, at(10))).toBe("invalid");
    expect(await redeemDownloadTicket(noDatabase, "secret", `${ticket}x`, subject, at(10))).toBe("invalid");
    expect(await redeemDownloadTicket(noDatabase, "secret", ticket, subject, at(DOWNLOAD_TICKET_SECONDS + 1))).toBe("expired");
  });
});
