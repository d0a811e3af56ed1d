import { type ExhibitionTiming, timingLabels } from "./exhibition-dates";

/** The exhibition's days with where the run stands ("Now on", "Upcoming", "Ended"). */
export function ExhibitionRun({
  run,
  className,
}: {
  run: { dates: string | null; timing: ExhibitionTiming };
  className?: string;
}) {
  if (!run.dates) return null;
  return (
    <p className={`exhibition-run${className ? ` ${className}` : ""}`}>
      <span className={`exhibition-timing exhibition-timing-${run.timing}`}>
        {timingLabels[run.timing]}
      </span>{" "}
      <span className="exhibition-dates">{run.dates}</span>
    </p>
  );
}
