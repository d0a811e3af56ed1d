import { describe, expect, it } from "vitest";
import { renderMail } from "../../mail/render-mail";
import { exportReadyMail } from "./data-rights.mails";

describe("exportReadyMail", () => {
  it("writes when the download ends as every other mail does, in the person's zone", async () => {
    const facts = {
      to: "pia@example.com",
      name: "Pia Buyer",
      link: "https://art.example.com/profile/settings#your-data",
      expiresAt: new Date("2026-12-06T12:30:00.000Z"),
    };
    const mail = exportReadyMail({ ...facts, timeZone: "UTC" });
    const { text } = await renderMail(mail.content, mail.subject);
    expect(text).toContain("until December 6, 2026 at 12:30 PM UTC.");
    expect(text).not.toContain("2026-12-06");

    const there = exportReadyMail({ ...facts, timeZone: "America/New_York" });
    expect((await renderMail(there.content, there.subject)).text).toContain(
      "December 6, 2026 at 7:30 AM EST",
    );
  });
});
