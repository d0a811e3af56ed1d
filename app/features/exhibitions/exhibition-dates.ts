/**
 * An exhibition's run as people read it: "12 Nov – 20 Dec 2026". Days are calendar days
 * ("2026-11-12"), so they are formatted in UTC, where midnight of that day is that day.
 * Called by the loaders, so the server's text is the one the browser hydrates with.
 */
const DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

function dayOf(isoDay: string): Date {
  return new Date(`${isoDay}T00:00:00Z`);
}

export function exhibitionDates(startsOn: string | null, endsOn: string | null): string | null {
  if (startsOn && endsOn) {
    // ICU puts thin or narrow spaces around the dash in some versions: one plain space.
    return DAY.formatRange(dayOf(startsOn), dayOf(endsOn)).replace(/\s*–\s*/u, " – ");
  }
  if (startsOn) return `From ${DAY.format(dayOf(startsOn))}`;
  if (endsOn) return `Until ${DAY.format(dayOf(endsOn))}`;
  return null;
}

/**
 * Where the run stands on `today` (an ISO day): the console's isActive decides whether an
 * exhibition is public at all; its days only say whether it is still to come or over.
 */
export type ExhibitionTiming = "upcoming" | "current" | "ended";

export function exhibitionTiming(
  startsOn: string | null,
  endsOn: string | null,
  today: string,
): ExhibitionTiming {
  if (startsOn && today < startsOn) return "upcoming";
  if (endsOn && today > endsOn) return "ended";
  return "current";
}

export const timingLabels: Record<ExhibitionTiming, string> = {
  upcoming: "Upcoming",
  current: "Now on",
  ended: "Ended",
};

/** Today as an ISO day in UTC, the zone the days are read in. */
export function todayIsoDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** What a page shows of an exhibition's run: the days and where it stands. */
export function exhibitionRun(
  exhibition: { startsOn: string | null; endsOn: string | null },
  today: string,
): { dates: string | null; timing: ExhibitionTiming } {
  return {
    dates: exhibitionDates(exhibition.startsOn, exhibition.endsOn),
    timing: exhibitionTiming(exhibition.startsOn, exhibition.endsOn, today),
  };
}
