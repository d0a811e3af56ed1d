/** The texts of the alert pages. */
export const alertsMessages = {
  loadFailed: "Failed to load your alerts and e-mail settings.",
  actionFailed: "That did not work. Please try again.",
  unknownAction: "Unknown action.",
  preferencesSaved: "Your e-mail settings are saved.",
  alertCreated: (name: string) =>
    `Alert “${name}” created. We will e-mail you when new works match.`,
  alertOn: (name: string) => `Alert “${name}” is on.`,
  alertOff: (name: string) => `Alert “${name}” is off.`,
  alertDeleted: "The alert is deleted.",
  noAlerts:
    "You have no alerts yet. Search the marketplace and choose “Create alert” to hear when matching works are listed.",
  digestOff:
    "E-mails about new works are off, so your alerts send nothing. Choose Daily or Weekly above to hear from them.",
  needsSearch: "Search or choose a filter first: an alert tells you when new works match it.",
  invalidLink: "This unsubscribe link is not valid. You can manage your e-mails in your settings.",
} as const;

export type UnsubscribeScope = "all" | "follows" | "alert";

/** What the unsubscribe page asks, and what it says once done, by the link's scope. */
export function unsubscribeTexts(scope: UnsubscribeScope, alertName?: string) {
  switch (scope) {
    case "all":
      return {
        question: "Stop all e-mails about new works (alerts and artists you follow)?",
        done: "Done. You will get no more e-mails about new works.",
      };
    case "follows":
      return {
        question: "Stop e-mails about new works by artists you follow?",
        done: "Done. You will get no more e-mails about artists you follow.",
      };
    case "alert":
      return {
        question: `Turn off the alert “${alertName ?? ""}”?`,
        done: `Done. The alert “${alertName ?? ""}” is off.`,
      };
  }
}
