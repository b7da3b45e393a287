import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createSmtpMailer, parseSmtpUrl, resolveMailFrom } from "../../app/server/mail/mailer.server";
import { applicationNoticeMessage, duplicateApplicationMessage } from "../../app/server/mail/notices.server";
import { MAIL_RETRY_DELAYS_MS, MAX_MAIL_ATTEMPTS, mailRetryDelayMs } from "../../app/server/mail/outbox.server";
import { freePort } from "../setup/free-port";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp-server";

const MINUTE = 60_000;

describe("SMTP_URL and MAIL_FROM", () => {
  it("reads host, port, TLS and percent-encoded credentials", () => {
    expect(parseSmtpUrl("smtps://we%40example.com:p%3Ass%2Fword@mail.example.com")).toEqual({
      host: "mail.example.com",
      port: 465,
      secure: true,
      auth: { user: "we@example.com", pass: "p:ss/word" },
    });
    expect(parseSmtpUrl("smtp://relay.internal")).toEqual({ host: "relay.internal", port: 587, secure: false });
    expect(parseSmtpUrl("smtp://127.0.0.1:2525")).toMatchObject({ host: "127.0.0.1", port: 2525, secure: false });
  });

  it("sends from MAIL_FROM, else no-reply at the site's domain, else at the mail server's", () => {
    expect(resolveMailFrom({ MAIL_FROM: "오디션 <audition@we.example>", PUBLIC_ORIGIN: "https://www.we.example", SMTP_URL: "smtp://mail.example.com" })).toBe("오디션 <audition@we.example>");
    expect(resolveMailFrom({ PUBLIC_ORIGIN: "https://www.we-entertainment.co.kr", SMTP_URL: "smtp://mail.example.com" })).toBe("WE ENTERTAINMENT <no-reply@we-entertainment.co.kr>");
    expect(resolveMailFrom({ SMTP_URL: "smtps://u:p@smtp.mailhost.example" })).toBe("WE ENTERTAINMENT <no-reply@smtp.mailhost.example>");
    expect(resolveMailFrom({ SMTP_URL: "smtp://127.0.0.1:2525" })).toBe("WE ENTERTAINMENT <no-reply@[127.0.0.1]>");
  });
});

describe("retry policy", () => {
  it("waits 1 min, 5 min, 15 min, 1 h, then 3 h between attempts, and gives up after ten", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(mailRetryDelayMs)).toEqual([MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE, 180 * MINUTE, 180 * MINUTE, 180 * MINUTE]);
    expect(MAIL_RETRY_DELAYS_MS.at(-1)).toBe(3 * 60 * MINUTE);
    expect(MAX_MAIL_ATTEMPTS).toBe(10);
  });
});

describe("the notice of a new application", () => {
  it("says a new application came, with its receipt number and the admin link, and nothing more", () => {
    const message = applicationNoticeMessage(
      { receiptNumber: "AUD-2026-000123", applicationId: 123, to: "audition@we.example" },
      { publicOrigin: "https://www.we.example", brand: "WE ENTERTAINMENT" },
    );
    expect(message.to).toBe("audition@we.example");
    expect(message.subject).toBe("[WE ENTERTAINMENT] 새 오디션 지원서 AUD-2026-000123");
    expect(message.text).toContain("접수 번호: AUD-2026-000123");
    expect(message.text).toContain("https://www.we.example/admin/auditions/123");
    // Two values come from the application: the receipt number and the id in the link.
    expect(message.text.match(/\d{3,}/g)).toEqual(["2026", "000123", "123"]);
  });
});

describe("the note to an applicant whose address sent a second application", () => {
  const settings = {
    companyName: "위이엔터테인먼트",
    companyNameEn: "WE ENTERTAINMENT",
    auditionEmail: "audition@we.example.com",
    phone: "02-545-7070",
    businessHours: "평일 10:00 - 18:00 (주말·공휴일 휴무)",
  };

  it("says both applications are received and how to reach the agency, in plain Korean, to the applicant's own address", () => {
    const message = duplicateApplicationMessage({ receiptNumber: "AUD-2026-000124", to: "jiwon@applicant.example" }, settings);
    expect(message.to).toBe("jiwon@applicant.example");
    expect(message.subject).toBe("[WE ENTERTAINMENT] 오디션 지원서 접수 안내 (AUD-2026-000124)");
    expect(message.text).toContain("안녕하세요. 위이엔터테인먼트입니다.");
    expect(message.text).toContain("이 이메일 주소로 최근 30일 안에 보내 주신 오디션 지원서가 이미 접수되어 있습니다.");
    expect(message.text).toContain("이번에 보내 주신 지원서도 접수 번호 AUD-2026-000124로 함께 접수되었습니다.");
    // 4 is 사, no final consonant: 로. ".com" ends in 엠: 으로. "7070" ends in 영: 으로.
    expect(message.text).toContain("고칠 내용을 접수 번호와 함께 audition@we.example.com으로 보내 주세요.");
    expect(message.text).toContain("전화 02-545-7070으로도 문의하실 수 있습니다. (전화 상담: 평일 10:00 - 18:00 (주말·공휴일 휴무))");
    // Nothing of the earlier application: no other receipt number, no date.
    expect(message.text.match(/AUD-\d{4}-\d{6}/g)).toEqual(["AUD-2026-000124"]);
    expect(message.text).not.toMatch(/\d{4}년|\d{1,2}월 \d{1,2}일|\d{4}-\d{2}-\d{2}/);
  });

  it("is written in English to an applicant who applied on the English form (decision 065)", () => {
    const message = duplicateApplicationMessage(
      { receiptNumber: "AUD-2026-000125", to: "emma@applicant.example", locale: "en" },
      { ...settings, businessHoursEn: "Weekdays 10:00-18:00" },
    );
    expect(message.to).toBe("emma@applicant.example");
    expect(message.subject).toBe("[WE ENTERTAINMENT] Your audition application (AUD-2026-000125)");
    expect(message.text).toContain("Hello from WE ENTERTAINMENT, and thank you for applying for an audition.");
    expect(message.text).toContain("within the last 30 days");
    expect(message.text).toContain("under the application number AUD-2026-000125.");
    expect(message.text).toContain("to audition@we.example.com. You can also call us on 02-545-7070 (Weekdays 10:00-18:00, Korean time).");
    expect(message.text).not.toMatch(/[가-힣]/);
    expect(message.text.match(/AUD-\d{4}-\d{6}/g)).toEqual(["AUD-2026-000125"]);
  });

  it("puts the right particle after each variable word", () => {
    const text = (receiptNumber: string, auditionEmail: string, phone: string) => duplicateApplicationMessage({ receiptNumber, to: "a@b.example" }, { ...settings, auditionEmail, phone }).text;
    // 3 is 삼 (ㅁ): 으로; 1 is 일 (ㄹ): 로; 2 is 이: 로.
    expect(text("AUD-2026-000123", "casting@we.co.kr", "010-1234-5672")).toContain("접수 번호 AUD-2026-000123으로 함께");
    expect(text("AUD-2026-000121", "casting@we.co.kr", "010-1234-5672")).toContain("접수 번호 AUD-2026-000121로 함께");
    // "kr" ends in 알 (ㄹ): 로; "com" in 엠: 으로.
    expect(text("AUD-2026-000121", "casting@we.co.kr", "010-1234-5672")).toContain("casting@we.co.kr로 보내 주세요.");
    expect(text("AUD-2026-000121", "casting@we.com", "010-1234-5672")).toContain("casting@we.com으로 보내 주세요.");
    expect(text("AUD-2026-000121", "casting@we.com", "010-1234-5672")).toContain("전화 010-1234-5672로도 문의하실 수 있습니다.");
    expect(text("AUD-2026-000121", "casting@we.com", "1588-1236")).toContain("전화 1588-1236으로도 문의하실 수 있습니다.");
  });
});

describe("the SMTP mailer", () => {
  let smtp: TestSmtpServer | null = null;
  let hung: net.Server | null = null;
  afterEach(async () => {
    await smtp?.close();
    smtp = null;
    await new Promise((resolve) => (hung ? hung.close(resolve) : resolve(null)));
    hung = null;
  });

  it("delivers a Korean plain-text message through a real SMTP server, signing in with the URL's credentials", async () => {
    smtp = await startSmtpServer({ auth: { user: "we@example.com", pass: "s:cret/파스" } });
    const mailer = createSmtpMailer({ url: smtp.url, from: "WE ENTERTAINMENT <no-reply@we.example>" });
    await mailer.send({ to: "audition@we.example", subject: "[WE ENTERTAINMENT] 새 오디션 지원서 AUD-2026-000001", text: "새 오디션 지원서가 접수되었습니다.\n" });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ from: "no-reply@we.example", to: ["audition@we.example"], subject: "[WE ENTERTAINMENT] 새 오디션 지원서 AUD-2026-000001" });
    expect(mail!.text).toContain("새 오디션 지원서가 접수되었습니다.");
    expect(mail!.headers["content-type"]).toMatch(/^text\/plain; charset=utf-8/i);
  });

  it("fails with the server's answer when the credentials are wrong", async () => {
    smtp = await startSmtpServer({ auth: { user: "we", pass: "right" } });
    const mailer = createSmtpMailer({ url: smtp.url.replace("right", "wrong"), from: "no-reply@we.example" });
    await expect(mailer.send({ to: "a@we.example", subject: "s", text: "t" })).rejects.toThrow(/Invalid/);
    expect(smtp.received).toHaveLength(0);
  });

  it("fails at once when nothing listens on the port", async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${await freePort()}`, from: "no-reply@we.example" });
    await expect(mailer.send({ to: "a@we.example", subject: "s", text: "t" })).rejects.toThrow(/ECONNREFUSED/);
  });

  it("gives up on a server that accepts the connection and never answers, after its timeout", async () => {
    const sockets: net.Socket[] = [];
    hung = net.createServer((socket) => sockets.push(socket));
    hung.on("close", () => sockets.forEach((s) => s.destroy()));
    await new Promise<void>((resolve) => hung!.listen(0, "127.0.0.1", resolve));
    const { port } = hung.address() as net.AddressInfo;
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: "no-reply@we.example", timeoutMs: 300 });
    const started = Date.now();
    await expect(mailer.send({ to: "a@we.example", subject: "s", text: "t" })).rejects.toThrow(/greeting|timeout/i);
    // nodemailer's own default would wait 30 s for the greeting.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(sockets.length).toBe(1);
    sockets.forEach((s) => s.destroy());
  });
});
