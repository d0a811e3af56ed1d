import { NavLink } from "react-router";

/** The console link's name: with the count of waiting applications when there are any. */
export function consoleLabel(waiting: number | null): string {
  if (!waiting) return "Console";
  return `Console, ${waiting} ${waiting === 1 ? "application" : "applications"} waiting`;
}

/** An admin's way into the console, with the number of applications waiting for the team. */
export function ConsoleLink({ waiting }: { waiting: number | null }) {
  return (
    <NavLink to="/admin" className="nav-link nav-console" aria-label={consoleLabel(waiting)}>
      Console
      {waiting ? (
        <span className="nav-count" aria-hidden="true">
          {waiting > 99 ? "99+" : waiting}
        </span>
      ) : null}
    </NavLink>
  );
}
