import { type PeriodicTask, createPeriodicTask } from "../../tasks/periodic-task";
import { type DataExportDeps, runDataExports } from "./data-export.service";

const EVERY_MINUTE = 60 * 1000;

/**
 * The data exports on a timer (decision 0052's table): waiting ones built, expired files
 * deleted. Safe in several processes: each export is claimed under a lease with `skip
 * locked`. A request kicks a run at once, so the person does not wait for the minute.
 */
export function createDataExports(deps: DataExportDeps): PeriodicTask<{
  built: number;
  expired: number;
}> {
  const task = createPeriodicTask({
    name: "data exports",
    work: () => runDataExports({ ...deps, kickBuild: undefined }),
    defaultIntervalMs: EVERY_MINUTE,
    logger: deps.logger,
  });
  return task;
}
