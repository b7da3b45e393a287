import { describe, expect, it } from "vitest";
import { parseCron } from "../../app/server/platform/cron.server";
import { backupFileName, classifyEntry } from "../../app/server/backup/archive.server";

describe("BACKUP_CRON times", () => {
  const daily = parseCron("30 3 * * *");

  it("are Korea time", () => {
    expect(daily.nextAfter(new Date("2026-11-24T12:00:00+09:00"))?.toISOString()).toBe("2026-11-24T18:30:00.000Z");
    expect(daily.latestAtOrBefore(new Date("2026-11-24T12:00:00+09:00"))?.toISOString()).toBe("2026-11-23T18:30:00.000Z");
  });

  it("count a time as due at the very moment it comes, and the next one strictly after", () => {
    const at = new Date("2026-11-25T03:30:00+09:00");
    expect(daily.latestAtOrBefore(at)?.getTime()).toBe(at.getTime());
    expect(daily.latestAtOrBefore(new Date(at.getTime() - 1))?.toISOString()).toBe("2026-11-23T18:30:00.000Z");
    expect(daily.nextAfter(at)?.toISOString()).toBe("2026-11-25T18:30:00.000Z");
  });

  it("read weekdays and steps", () => {
    // 2026-11-28 is a Saturday: the next weekday run is Monday's.
    expect(parseCron("0 4 * * 1-5").nextAfter(new Date("2026-11-28T00:00:00+09:00"))?.toISOString()).toBe("2026-11-29T19:00:00.000Z");
    expect(parseCron("*/15 * * * *").nextAfter(new Date("2026-11-24T10:07:00+09:00"))?.toISOString()).toBe("2026-11-24T01:15:00.000Z");
  });
});

describe("archive names and entries", () => {
  it("an archive is named by its UTC time to the second", () => {
    expect(backupFileName(new Date("2026-11-24T05:30:07.999Z"))).toBe("we-backup-20261124T053007Z.tar.gz");
  });

  it("only paths a backup of ours writes are read, never one that could leave a storage", () => {
    expect(classifyEntry("manifest.json")).toEqual({ kind: "manifest" });
    expect(classifyEntry("db/audit_log.jsonl")).toEqual({ kind: "table", table: "audit_log" });
    expect(classifyEntry("media/2026/11/ab12.jpg")).toEqual({ kind: "object", storage: "media", key: "2026/11/ab12.jpg" });
    expect(classifyEntry("private/auditions/x-1.webm")).toEqual({ kind: "object", storage: "private", key: "auditions/x-1.webm" });
    for (const name of ["media/../secret", "media//x", "media/.hidden", "private//etc/passwd", "/etc/passwd", "db/Users.jsonl", "db/a;drop.jsonl", "other/x", "media/"]) {
      expect(classifyEntry(name)).toBeNull();
    }
  });
});
