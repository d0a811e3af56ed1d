import type { Queryable } from "../db/client";
import { accounts, users } from "../db/schema";
import {
  DEMO_ADMIN,
  DEMO_APPLICANT,
  DEMO_ARTISTS,
  DEMO_CITIES,
  DEMO_COLLECTOR,
  type PersonProfile,
} from "./people";

type UserRow = typeof users.$inferInsert;

export type DemoUserIds = {
  /** In DEMO_ARTISTS order; the first is artist@demo.vernissage.test. */
  artists: string[];
  collector: string;
  applicant: string;
  admin: string;
};

/** Hashes a password the way the auth library does (its own hasher), so sign-in works. */
export type HashPassword = (password: string) => Promise<string>;

function personRow(p: PersonProfile, cityIds: ReadonlyMap<string, string>): UserRow {
  return {
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    role: p.role,
    cityId: p.city ? (cityIds.get(p.city) ?? null) : null,
    pendingOccupation: p.pendingOccupation,
    instagramHandle: p.instagramHandle,
    shippingAddress: p.shippingAddress,
  };
}

function artistRows(cityIds: ReadonlyMap<string, string>): UserRow[] {
  return DEMO_ARTISTS.map((a) => {
    const city = DEMO_CITIES.find((c) => c.name === a.city);
    const slug = `${a.firstName}${a.lastName}`.toLowerCase().replace(/[^a-z0-9]/g, "");
    return {
      email: a.email,
      firstName: a.firstName,
      lastName: a.lastName,
      isArtist: true,
      payoutStatus: "active",
      payoutAccountId: `acct_demo_${slug}`,
      cityId: cityIds.get(a.city) ?? null,
      bio: a.bio,
      birthYear: a.birthYear,
      location: city ? `${city.name}, ${city.state}` : a.city,
      instagramHandle: a.instagramHandle,
      websiteURL: a.websiteURL,
    };
  });
}

/**
 * The nine approved artists, the collector, the applicant and the admin, all with
 * `password`, written as the auth library's sign-up writes them (a user row and a
 * `credential` account holding the hash) but inside the caller's transaction, so the
 * demo marketplace appears whole or not at all.
 */
export async function createDemoAccounts(
  tx: Queryable,
  hashPassword: HashPassword,
  password: string,
  cityIds: ReadonlyMap<string, string>,
): Promise<DemoUserIds> {
  const people = [DEMO_COLLECTOR, DEMO_APPLICANT, DEMO_ADMIN].map((p) => personRow(p, cityIds));
  const rows = [...artistRows(cityIds), ...people].map((row) => ({
    ...row,
    email: row.email.toLowerCase(),
    displayName: `${row.firstName} ${row.lastName}`,
    emailVerified: true,
  }));
  // One hash (with its own salt) per account, as sign-up would make.
  const hashes = await Promise.all(rows.map(() => hashPassword(password)));
  const created = await tx
    .insert(users)
    .values(rows)
    .returning({ id: users.id, email: users.email });
  const idOf = new Map(created.map((u) => [u.email, u.id]));
  await tx.insert(accounts).values(
    created.map((u, i) => ({
      userId: u.id,
      providerId: "credential",
      accountId: u.id,
      password: hashes[i],
    })),
  );
  const id = (email: string) => {
    const found = idOf.get(email.toLowerCase());
    if (!found) throw new Error(`demo account ${email} was not created`);
    return found;
  };
  return {
    artists: DEMO_ARTISTS.map((a) => id(a.email)),
    collector: id(DEMO_COLLECTOR.email),
    applicant: id(DEMO_APPLICANT.email),
    admin: id(DEMO_ADMIN.email),
  };
}
