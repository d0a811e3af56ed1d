export function passwordResetMail({ to, name, link }: { to: string; name: string; link: string }) {
  return {
    kind: "password-reset",
    to,
    subject: "Reset your Vernissage password",
    text: [
      `Hello ${name || "there"},`,
      "",
      "Someone asked to reset the password of your Vernissage account.",
      "Open this link within one hour to choose a new password:",
      "",
      link,
      "",
      "If this was not you, you can ignore this e-mail; your password stays as it is.",
      "",
      "— Vernissage",
    ].join("\n"),
  };
}
