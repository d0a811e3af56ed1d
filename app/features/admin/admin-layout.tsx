import type { ReactNode } from "react";
import { NavLink } from "react-router";

/** The console's areas, in the order the team works through them. */
export const ADMIN_AREAS = [
  { to: "/admin/applications", label: "Applications" },
  { to: "/admin/people", label: "People" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/listing-reports", label: "Listing reports" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/artworks", label: "Artworks" },
  { to: "/admin/exhibitions", label: "Exhibitions" },
  { to: "/admin/banners", label: "Banners" },
  { to: "/admin/catalog", label: "Cities & categories" },
  { to: "/admin/pages", label: "Pages" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/payouts", label: "Payouts" },
  { to: "/admin/reconciliation", label: "Reconciliation" },
  { to: "/admin/audit", label: "Audit log" },
] as const;

/** The console's frame: its name, the areas as a navigation, then the area's page. */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="admin">
      <div className="admin-head">
        <p className="eyebrow">Team console</p>
        <nav className="admin-nav" aria-label="Console">
          {ADMIN_AREAS.map((area) => (
            <NavLink key={area.to} to={area.to} className="admin-nav-link">
              {area.label}
            </NavLink>
          ))}
        </nav>
      </div>
      <div className="admin-body">{children}</div>
    </div>
  );
}
