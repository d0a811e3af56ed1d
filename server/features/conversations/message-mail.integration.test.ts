import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationMembers, messageImages, outbox, users } from "../../db/schema";
import { createLogger } from "../../logger";
import { createArtwork } from "../../test/factories";
import { solidJpeg } from "../../test/images";
import { TEST_ORIGIN, type TestApp, createTestApp, testClock } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";
import { type MessageMailDeps, createMessageMail } from "./message-mail.timers";

let t: TestApp;
const clock = testClock(new Date("2026-11-20T10:00:00Z"));
let buyer: Member;
const MINUTE = 60_000;

const ARTIST_COLUMNS = { isArtist: true, payoutStatus: "active" as const };

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  buyer = await signUp(t, { firstName: "Bea", lastName: "Buyer" });
});
afterAll(() => t.close());

const run = () => t.services.conversations.messageMail.run();

/** The same timer on the same database, as another server process runs it. */
function otherProcess(overrides: Partial<MessageMailDeps> = {}) {
  return createMessageMail({
    db: t.db,
    storage: t.services.storage,
    logger: createLogger({ json: false, silent: true }),
    now: clock.now,
    publicUrl: t.config.publicUrl,
    kickOutbox: () => {},
    ...overrides,
  });
}

async function newArtist(firstName: string) {
  return signUp(t, { firstName, lastName: "Artist" }, ARTIST_COLUMNS);
}

/** The buyer asks the artist about a new work; answers the conversation's id. */
async function ask(artist: Member, title: string, body: string, imageIds: string[] = []) {
  const work = await createArtwork(t.db, { artistId: artist.id, title });
  const response = await send(t, buyer, "POST", "/api/me/conversations", {
    artworkId: work.id,
    body,
    imageIds,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { conversationId: string }).conversationId;
}

async function write(from: Member, conversationId: string, body: string) {
  const response = await send(t, from, "POST", `/api/me/conversations/${conversationId}/messages`, {
    body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function mailsTo(member: Member) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, member.email), eq(outbox.kind, "conversation_messages")))
    .orderBy(outbox.createdAt);
}

describe("e-mails about unread messages", () => {
  it("waits 10 minutes, sends one e-mail with the messages, then none for an hour", async () => {
    const artist = await newArtist("Ines");
    const id = await ask(artist, "Blue Harbour", "Is it framed?");
    clock.advanceMs(MINUTE);
    await write(buyer, id, "And could you ship it to Porto?");

    clock.advanceMs(9 * MINUTE - 1);
    await run();
    expect(await mailsTo(artist)).toHaveLength(0);

    clock.advanceMs(1);
    expect((await run()).mailed).toBe(1);
    const [mail] = await mailsTo(artist);
    expect(mail!.subject).toBe('Bea Buyer wrote to you about "Blue Harbour"');
    for (const part of [mail!.textBody, mail!.htmlBody ?? ""]) {
      expect(part).toContain("Is it framed?");
      expect(part).toContain("And could you ship it to Porto?");
      expect(part).toContain(`${TEST_ORIGIN}/profile/messages/${id}`);
      // The other person by name only: never their e-mail address.
      expect(part).not.toContain(buyer.email);
    }
    expect(mail!.textBody).toContain("Bea Buyer sent you 2 new messages about");

    // A new message within the hour waits for the hour; then only what is new.
    clock.advanceMs(10 * MINUTE);
    await write(buyer, id, "Sorry, one more: is the frame oak?");
    clock.advanceMs(30 * MINUTE);
    await run();
    expect(await mailsTo(artist)).toHaveLength(1);
    clock.advanceMs(20 * MINUTE);
    expect((await run()).mailed).toBe(1);
    const second = (await mailsTo(artist))[1]!;
    expect(second.textBody).toContain("is the frame oak?");
    expect(second.textBody).not.toContain("Is it framed?");

    // Nothing new since: no third e-mail, however long it waits.
    clock.advanceMs(3 * 60 * MINUTE);
    await run();
    expect(await mailsTo(artist)).toHaveLength(2);
  });

  it("sends nothing about messages read within 10 minutes", async () => {
    const artist = await newArtist("Rui");
    const id = await ask(artist, "Red Dunes", "Hello!");
    clock.advanceMs(5 * MINUTE);
    expect((await send(t, artist, "GET", `/api/me/conversations/${id}`)).status).toBe(200);
    clock.advanceMs(60 * MINUTE);
    await run();
    expect(await mailsTo(artist)).toHaveLength(0);
  });

  it("mails nobody about a conversation one of its people is suspended from", async () => {
    const artist = await newArtist("Sam");
    const sender = await signUp(t, { firstName: "Sly", lastName: "Sender" });
    const work = await createArtwork(t.db, { artistId: artist.id, title: "Grey Pier" });
    const started = await send(t, sender, "POST", "/api/me/conversations", {
      artworkId: work.id,
      body: "Pay me elsewhere?",
      imageIds: [],
    });
    expect(started.status).toBe(201);
    await t.db.update(users).set({ suspendedAt: clock.now() }).where(eq(users.id, sender.id));
    clock.advanceMs(2 * 60 * MINUTE);
    await run();
    expect(await mailsTo(artist)).toHaveLength(0);
  });

  it("respects the setting: off sends nothing, back on sends again", async () => {
    const artist = await newArtist("Olga");
    const off = await send(t, artist, "PUT", "/api/me/mail-preferences", {
      digestFrequency: "daily",
      followEmails: true,
      messageEmails: false,
    });
    expect(off.status).toBe(200);
    await ask(artist, "Green Field", "Still for sale?");
    clock.advanceMs(2 * 60 * MINUTE);
    await run();
    expect(await mailsTo(artist)).toHaveLength(0);

    await send(t, artist, "PUT", "/api/me/mail-preferences", {
      digestFrequency: "daily",
      followEmails: true,
      messageEmails: true,
    });
    await run();
    expect(await mailsTo(artist)).toHaveLength(1);
  });

  it("counts the pictures and mails the buyer about the artist's answer too", async () => {
    const artist = await newArtist("Pia");
    const image = await t.services.conversations.addImage(buyer.id, await solidJpeg(64, 48));
    const id = await ask(artist, "Night Train", "Here is my wall.", [image.id]);
    clock.advanceMs(11 * MINUTE);
    await run();
    const [mail] = await mailsTo(artist);
    expect(mail!.textBody).toContain("[1 picture]");

    await send(t, artist, "GET", `/api/me/conversations/${id}`);
    await write(artist, id, "It would look lovely there.");
    clock.advanceMs(11 * MINUTE);
    await run();
    const [toBuyer] = await mailsTo(buyer);
    expect(toBuyer!.subject).toBe('Pia Artist wrote to you about "Night Train"');
    expect(toBuyer!.textBody).not.toContain(artist.email);
  });

  it("queues each e-mail once with two processes at once, and nothing on a crash", async () => {
    const artists = [await newArtist("Ana"), await newArtist("Bo"), await newArtist("Cy")];
    for (const artist of artists) await ask(artist, `Work of ${artist.id}`, "Hi!");
    clock.advanceMs(11 * MINUTE);

    const crashing = otherProcess({
      beforeCommit: () => {
        throw new Error("crash before the commit");
      },
    });
    await expect(crashing.run()).rejects.toThrow("crash before the commit");
    for (const artist of artists) expect(await mailsTo(artist)).toHaveLength(0);
    const claimed = await t.db
      .select()
      .from(conversationMembers)
      .where(eq(conversationMembers.userId, artists[0]!.id));
    expect(claimed[0]!.mailedAt).toBeNull();

    const [a, b] = await Promise.all([run(), otherProcess({ batchSize: 1 }).run()]);
    expect(a.mailed + b.mailed).toBe(3);
    for (const artist of artists) expect(await mailsTo(artist)).toHaveLength(1);
  });
});

describe("unsent message pictures", () => {
  it("deletes those older than a day, row and files, and keeps sent and newer ones", async () => {
    const artist = await newArtist("Dora");
    const image = () => solidJpeg(32, 32, "#36c");
    const old = await t.services.conversations.addImage(buyer.id, await image());
    const fresh = await t.services.conversations.addImage(buyer.id, await image());
    const sent = await t.services.conversations.addImage(buyer.id, await image());
    await ask(artist, "Small Boat", "A picture of my room.", [sent.id]);
    const ago = (hours: number) => new Date(clock.now().getTime() - hours * 60 * MINUTE);
    await t.db
      .update(messageImages)
      .set({ createdAt: ago(25) })
      .where(eq(messageImages.id, old.id));
    await t.db
      .update(messageImages)
      .set({ createdAt: ago(23) })
      .where(eq(messageImages.id, fresh.id));
    await t.db
      .update(messageImages)
      .set({ createdAt: ago(48) })
      .where(eq(messageImages.id, sent.id));

    const files = (i: { original: string; medium: string; thumbnail: string }) =>
      [i.original, i.medium, i.thumbnail].map((address) =>
        path.join(t.config.mediaDir, address.slice("/media/".length)),
      );
    for (const file of files(old)) expect(existsSync(file), file).toBe(true);

    expect((await run()).imagesDeleted).toBe(1);
    const left = await t.db
      .select({ id: messageImages.id })
      .from(messageImages)
      .where(sql`${messageImages.id} in (${old.id}, ${fresh.id}, ${sent.id})`);
    expect(left.map((r) => r.id).sort()).toEqual([fresh.id, sent.id].sort());
    for (const file of files(old)) expect(existsSync(file), file).toBe(false);
    for (const file of [...files(fresh), ...files(sent)]) expect(existsSync(file), file).toBe(true);
  });
});
