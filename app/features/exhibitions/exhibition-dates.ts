import { formatCalendarDay, formatCalendarDayRange } from "../../../domain/date-time";

/**
 * An exhibition's run as people read it, in the marketplace's one date format:
 * "November 12 – December 20, 2026". Called by the loaders, so the server's text is the
 * one the browser hydrates with.
 */
export function exhibitionDates(startsOn: string | null, endsOn: string | null): string | null {
  if (startsOn && endsOn) {
    return formatCalendarDayRange(startsOn, endsOn);
  }
  if (startsOn) return `From ${formatCalendarDay(startsOn)}`;
  if (endsOn) return `Until ${formatCalendarDay(endsOn)}`;
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
