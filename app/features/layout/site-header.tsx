import { useId, useRef, useState } from "react";
import { Form, Link, NavLink } from "react-router";
import { smallPhotoAddress } from "../../../domain/photo-address";
import { Avatar } from "../../components/ui/avatar";
import { useSessionUser, useWaitingApplications } from "../../lib/session-user";
import { useFocusTrap } from "../../components/ui/use-focus-trap";
import { ConsoleLink } from "./console-link";
import { MessagesLink, countText, useLiveUnread } from "./messages-link";

/** SPEC §2 header; at 768 px and below the links move into a 250 px slide-in menu. */
export function SiteHeader() {
  const user = useSessionUser();
  const waiting = useWaitingApplications();
  const unread = useLiveUnread(user !== null);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useFocusTrap(panelRef, menuOpen, () => {
    setMenuOpen(false);
    toggleRef.current?.focus();
  });

  const links = (
    <>
      <NavLink to="/" end className="nav-link">
        Marketplace
      </NavLink>
      <NavLink to="/exhibition" className="nav-link">
        Exhibitions
      </NavLink>
      {user?.isArtist ? (
        <NavLink to="/upload" className="nav-link">
          Upload
        </NavLink>
      ) : null}
      {user?.isArtist ? (
        <NavLink to="/profile/sales" className="nav-link">
          Sales
        </NavLink>
      ) : null}
      {user?.role === "admin" ? <ConsoleLink waiting={waiting} /> : null}
      {user ? (
        <>
          <MessagesLink unread={unread} />
          {/* Offers received (artists) and made (anyone): /profile/offers. */}
          <NavLink to="/profile/offers" className="nav-link">
            Offers
          </NavLink>
          <NavLink to="/profile/purchases" className="nav-link">
            My purchases
          </NavLink>
          <NavLink
            to="/profile"
            end
            className="nav-link nav-profile"
            aria-label={`Your profile (${user.displayName})`}
          >
            {/* Decorative: the link's label names the person. The 96 px file is enough. */}
            <Avatar name={user.displayName} photo={smallPhotoAddress(user.profilePhoto)} />
            <span className="nav-profile-name">{user.displayName}</span>
          </NavLink>
          <Form method="post" action="/signout" className="nav-form">
            <button type="submit" className="nav-link nav-button">
              Sign Out
            </button>
          </Form>
        </>
      ) : (
        <>
          <NavLink to="/signin" className="nav-link">
            Sign In
          </NavLink>
          <NavLink to="/signup" className="nav-link nav-cta">
            Sign Up
          </NavLink>
        </>
      )}
    </>
  );

  return (
    <header className="site-header">
      <div className="page-inner header-bar">
        <Link to="/" className="logo" aria-label="Vernissage, home">
          Vernissage
        </Link>
        <nav className="nav-desktop" aria-label="Main">
          {links}
        </nav>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
          {/* On a phone the Messages link is in the menu: its count shows on the button. */}
          {user && unread ? (
            <span className="nav-count menu-count" aria-hidden="true">
              {countText(unread)}
            </span>
          ) : null}
        </button>
      </div>
      <div
        className={`side-menu-backdrop${menuOpen ? " is-open" : ""}`}
        onClick={() => setMenuOpen(false)}
        aria-hidden="true"
      />
      <div
        ref={panelRef}
        id={menuId}
        className={`side-menu${menuOpen ? " is-open" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        hidden={!menuOpen}
      >
        <button
          type="button"
          className="side-menu-close"
          onClick={() => {
            setMenuOpen(false);
            toggleRef.current?.focus();
          }}
        >
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close menu</span>
        </button>
        {/* Choosing a link (or Sign Out) closes the menu. */}
        <nav
          className="side-menu-nav"
          aria-label="Main"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest("a, button")) setMenuOpen(false);
          }}
        >
          {links}
        </nav>
      </div>
    </header>
  );
}
