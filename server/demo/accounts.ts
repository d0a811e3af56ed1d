import { eq, inArray } from "drizzle-orm";
import { sessions, users } from "../db/schema";
import type { AppServices } from "../services";
import {
  DEMO_ADMIN,
  DEMO_APPLICANT,
  DEMO_ARTISTS,
  DEMO_CITIES,
  DEMO_COLLECTOR,
  type PersonProfile,
} from "./people";

type UserPatch = Partial<typeof users.$inferInsert>;

export type DemoUserIds = {
  /** In DEMO_ARTISTS order; the first is artist@demo.vernissage.test. */
  artists: string[];
  collector: string;
  applicant: string;
  admin: string;
};

/** Signs up through Better Auth (so the password hash is right), then sets what sign-up cannot. */
async function createAccount(
  services: AppServices,
  password: string,
  person: { firstName: string; lastName: string; email: string },
  patch: UserPatch,
): Promise<string> {
  const { firstName, lastName, email } = person;
  const { user } = await services.auth.api.signUpEmail({
    body: { name: `${firstName} ${lastName}`, email, password, firstName, lastName },
  });
  await services.db
    .update(users)
    .set({ emailVerified: true, ...patch })
    .where(eq(users.id, user.id));
  return user.id;
}

function personPatch(p: PersonProfile, cityIds: ReadonlyMap<string, string>): UserPatch {
  return {
    role: p.role,
    cityId: p.city ? (cityIds.get(p.city) ?? null) : null,
    pendingOccupation: p.pendingOccupation,
    instagramHandle: p.instagramHandle,
    shippingAddress: p.shippingAddress,
  };
}

/** The nine approved artists, the collector, the applicant and the admin, all with `password`. */
export async function createDemoAccounts(
  services: AppServices,
  password: string,
  cityIds: ReadonlyMap<string, string>,
): Promise<DemoUserIds> {
  const artists = await Promise.all(
    DEMO_ARTISTS.map((a) => {
      const city = DEMO_CITIES.find((c) => c.name === a.city);
      const slug = `${a.firstName}${a.lastName}`.toLowerCase().replace(/[^a-z0-9]/g, "");
      return createAccount(services, password, a, {
        isArtist: true,
        payoutStatus: "active",
        payoutAccountId: `acct_demo_${slug}`,
        cityId: cityIds.get(a.city) ?? null,
        bio: a.bio,
        birthYear: a.birthYear,
        location: city ? `${city.name}, ${city.state}` : a.city,
        instagramHandle: a.instagramHandle,
        websiteURL: a.websiteURL,
      });
    }),
  );
  const [collector, applicant, admin] = await Promise.all(
    [DEMO_COLLECTOR, DEMO_APPLICANT, DEMO_ADMIN].map((p) =>
      createAccount(services, password, p, personPatch(p, cityIds)),
    ),
  );
  if (!collector || !applicant || !admin) throw new Error("demo accounts were not created");
  // Sign-up also signs each account in; nobody holds those sessions.
  await services.db
    .delete(sessions)
    .where(inArray(sessions.userId, [...artists, collector, applicant, admin]));
  return { artists, collector, applicant, admin };
}
