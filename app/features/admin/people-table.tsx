import { Link, useSearchParams } from "react-router";
import type { PeoplePage, Person } from "../../../contracts/admin-people.contract";
import { MAX_ADMIN_TEXT } from "../../../contracts/admin.values";
import { ActionForm } from "./action-form";
import { AdminFilters, type ListFilters, filtersInUse } from "./admin-filters";
import { AdminTable } from "./admin-table";
import { formatDate } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";

const PAYOUT_LABELS: Record<Person["payoutStatus"], string> = {
  none: "Not set up",
  pending: "Pending",
  active: "Active",
  restricted: "Restricted",
};

const PEOPLE_FILTERS: ListFilters = {
  idPrefix: "people",
  searchLabel: "Name or e-mail",
  selects: [
    {
      name: "role",
      label: "Role",
      anyLabel: "Everyone",
      options: [
        { value: "admin", label: "Admins" },
        { value: "artist", label: "Artists" },
        { value: "applicant", label: "Applicants" },
        { value: "collector", label: "Collectors" },
      ],
    },
    {
      name: "status",
      label: "Status",
      anyLabel: "Any",
      options: [
        { value: "active", label: "Active" },
        { value: "suspended", label: "Suspended" },
      ],
    },
  ],
};

function roleBadges(p: Person) {
  const badges: string[] = [];
  if (p.role === "admin") badges.push("Admin");
  if (p.isArtist) badges.push("Artist");
  else if (p.pendingOccupation === "artist") badges.push("Applicant");
  else badges.push("Collector");
  return badges;
}

function PersonActions({ person, selfId }: { person: Person; selfId: string }) {
  if (person.id === selfId) return <span className="hint">This is you.</span>;
  const name = person.displayName || person.email;
  return (
    <div className="admin-row-actions">
      {person.suspendedAt ? (
        <ActionForm
          intent="reinstate"
          label="Reinstate"
          busyLabel="Reinstating…"
          hidden={{ id: person.id }}
        />
      ) : (
        <ActionForm
          intent="suspend"
          label="Suspend"
          busyLabel="Suspending…"
          tone="danger"
          hidden={{ id: person.id }}
          confirm={{
            title: `Suspend ${name}?`,
            body: "They are signed out everywhere, cannot sign in, their profile becomes unavailable and their works leave the marketplace until you reinstate them.",
            confirmLabel: "Suspend",
          }}
        >
          <div className="field">
            <label htmlFor={`suspend-reason-${person.id}`}>Reason for suspending</label>
            <input
              id={`suspend-reason-${person.id}`}
              name="reason"
              required
              maxLength={MAX_ADMIN_TEXT}
            />
          </div>
        </ActionForm>
      )}
      {person.role === "admin" ? (
        <ActionForm
          intent="revoke-admin"
          label="Revoke admin"
          busyLabel="Revoking…"
          tone="danger"
          hidden={{ id: person.id }}
          confirm={{
            title: `Revoke ${name}'s admin role?`,
            body: "They can no longer use the console.",
            confirmLabel: "Revoke admin",
          }}
        />
      ) : person.suspendedAt ? null : (
        <ActionForm
          intent="make-admin"
          label="Make admin"
          busyLabel="Saving…"
          hidden={{ id: person.id }}
          confirm={{
            title: `Make ${name} an admin?`,
            body: "They can use the whole console: approve artists, suspend people, hide works and change the catalogue.",
            confirmLabel: "Make admin",
          }}
        />
      )}
    </div>
  );
}

/** The console's People area: search and filters in the URL, one row per person, actions per row. */
export function PeopleTable({ page, selfId }: { page: PeoplePage; selfId: string }) {
  const timeZone = useTimeZone();
  const [params] = useSearchParams();
  const more = new URLSearchParams(params);
  if (page.next) more.set("cursor", page.next);
  const filtered = filtersInUse(params, PEOPLE_FILTERS);
  return (
    <section className="stack">
      <h1>People</h1>
      <p className="hint">
        Find anyone by name or e-mail. Suspending someone signs them out and takes their works out
        of the marketplace; it does not delete anything.
      </p>
      <AdminFilters filters={PEOPLE_FILTERS} label="Find people" clearTo="/admin/people" />
      <AdminTable<Person>
        caption="People, newest first"
        rows={page.people}
        rowKey={(p) => p.id}
        empty={filtered ? "Nobody matches this search." : "Nobody has signed up yet."}
        columns={[
          {
            label: "Person",
            cell: (p) => (
              <div className="admin-person">
                <strong>{p.displayName || "(no name)"}</strong>
                <a href={`mailto:${p.email}`}>{p.email}</a>
                <span className="hint">Joined {formatDate(p.createdAt, timeZone)}</span>
              </div>
            ),
          },
          {
            label: "Role",
            cell: (p) => (
              <div className="admin-badges">
                {roleBadges(p).map((b) => (
                  <span key={b} className="admin-badge">
                    {b}
                  </span>
                ))}
                {p.suspendedAt ? (
                  <span className="admin-badge admin-badge-alert">Suspended</span>
                ) : null}
              </div>
            ),
          },
          {
            label: "Suspension",
            cell: (p) =>
              p.suspendedAt ? (
                <span>
                  {formatDate(p.suspendedAt, timeZone)}: {p.suspensionReason}
                </span>
              ) : (
                "—"
              ),
          },
          { label: "Payouts", cell: (p) => (p.isArtist ? PAYOUT_LABELS[p.payoutStatus] : "—") },
          {
            label: "Works",
            numeric: true,
            cell: (p) =>
              p.works ? <Link to={`/admin/artworks?artistId=${p.id}`}>{p.works}</Link> : 0,
          },
          { label: "Orders", numeric: true, cell: (p) => p.orders },
          { label: "Sales", numeric: true, cell: (p) => p.sales },
          { label: "Actions", cell: (p) => <PersonActions person={p} selfId={selfId} /> },
        ]}
      />
      {page.next ? (
        <p>
          <Link to={`?${more.toString()}`} className="button">
            More people
          </Link>
        </p>
      ) : null}
    </section>
  );
}
