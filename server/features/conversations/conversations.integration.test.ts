import { count, eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  conversationSchema,
  inboxSchema,
  messageImageSchema,
  sentMessageSchema,
  unreadCountSchema,
} from "../../../contracts/conversations.contract";
import {
  MAX_MESSAGES_PER_HOUR,
  MAX_NEW_CONVERSATIONS_PER_DAY,
  messageTexts,
} from "../../../domain/messages";
import { conversations, messages, orderEvents, users } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtwork, createOrder } from "../../test/factories";
import { solidJpeg } from "../../test/images";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { type Member, headersFor, send, signUp } from "../profiles/profiles.test-helpers";

let t: TestApp;
const clock = testClock(new Date("2026-11-20T10:00:00Z"));
let buyer: Member;
let artist: Member;
let third: Member;
let admin: Member;

const ARTIST_COLUMNS = {
  isArtist: true,
  payoutStatus: "active" as const,
  payoutAccountId: "acct_conv",
};

async function newArtist(name: string) {
  return signUp(t, { firstName: name, lastName: "Artist" }, ARTIST_COLUMNS);
}

async function ask(member: Member, artworkId: string, body: string, imageIds: string[] = []) {
  return send(t, member, "POST", "/api/me/conversations", { artworkId, body, imageIds });
}

async function sent(response: Response) {
  expect(response.status, await response.clone().text()).toBe(201);
  return expectContract(sentMessageSchema, await response.json());
}

async function thread(member: Member, id: string) {
  const response = await send(t, member, "GET", `/api/me/conversations/${id}`);
  expect(response.status).toBe(200);
  return expectContract(conversationSchema, await response.json());
}

async function unread(member: Member) {
  const response = await send(t, member, "GET", "/api/me/conversations/unread");
  return expectContract(unreadCountSchema, await response.json()).unread;
}

async function messageCount() {
  const [row] = await t.db.select({ n: count() }).from(messages);
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  buyer = await signUp(t, { firstName: "Bea", lastName: "Buyer" });
  artist = await newArtist("Ines");
  third = await signUp(t, { firstName: "Theo", lastName: "Third" });
  admin = await signUp(t, { firstName: "Ada", lastName: "Admin" }, { role: "admin" });
});
afterAll(() => t.close());

describe("asking the artist about a work", () => {
  it("opens one conversation per buyer and work, in both inboxes, with unread counts", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id, title: "Blue Harbour" });
    const first = await sent(await ask(buyer, work.id, "  Is it framed?  "));
    expect(first.entry).toMatchObject({ type: "message", fromMe: true, body: "Is it framed?" });

    const artistInbox = expectContract(
      inboxSchema,
      await (await send(t, artist, "GET", "/api/me/conversations")).json(),
    );
    const summary = artistInbox.conversations.find((c) => c.id === first.conversationId)!;
    expect(summary).toMatchObject({
      role: "artist",
      unread: 1,
      lastMessagePreview: "Is it framed?",
      lastFromMe: false,
      other: { id: buyer.id, displayName: "Bea Buyer" },
      artwork: { id: work.id, title: "Blue Harbour" },
    });
    expect(JSON.stringify(artistInbox)).not.toContain(buyer.email);
    expect(await unread(artist)).toBe(1);

    // Reading it marks it read; the answer goes to the buyer's count.
    const seen = await thread(artist, first.conversationId);
    expect(seen.entries.map((e) => e.type === "message" && e.body)).toEqual(["Is it framed?"]);
    expect(await unread(artist)).toBe(0);
    clock.advanceMs(2 * 3_600_000);
    await sent(
      await send(t, artist, "POST", `/api/me/conversations/${first.conversationId}/messages`, {
        body: "Yes, in oak.",
      }),
    );
    expect(await unread(buyer)).toBe(1);

    // Asking again about the same work continues the same conversation.
    const again = await sent(await ask(buyer, work.id, "Thank you! And the weight?"));
    expect(again.conversationId).toBe(first.conversationId);
    const rows = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.artworkId, work.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstReplyAt?.toISOString()).toBe(clock.now().toISOString());
    const full = await thread(buyer, first.conversationId);
    expect(full.entries.map((e) => (e.type === "message" ? [e.fromMe, e.body] : e.text))).toEqual([
      [true, "Is it framed?"],
      [false, "Yes, in oak."],
      [true, "Thank you! And the weight?"],
    ]);
  });

  it("refuses the artist's own work (403) and a work the marketplace does not show (404)", async () => {
    const own = await createArtwork(t.db, { artistId: artist.id });
    const draft = await createArtwork(t.db, { artistId: artist.id, status: "draft" });
    const before = await messageCount();
    const mine = await ask(artist, own.id, "hello me");
    expect(mine.status).toBe(403);
    expect(((await mine.json()) as { error: { message: string } }).error.message).toBe(
      messageTexts.ownWork,
    );
    for (const id of [draft.id, "00000000-0000-4000-8000-000000000000"]) {
      expect((await ask(buyer, id, "hello")).status).toBe(404);
    }
    expect((await ask(buyer, "not-a-uuid", "hello")).status).toBe(400);
    expect(await messageCount()).toBe(before);
  });

  it("opens a conversation with an artist from their profile, never with oneself", async () => {
    const response = await send(t, buyer, "POST", "/api/me/conversations", {
      artistId: artist.id,
      body: "Do you take commissions?",
    });
    const answer = await sent(response);
    expect((await thread(artist, answer.conversationId)).conversation).toMatchObject({
      kind: "artist",
      artwork: null,
    });
    const self = await send(t, artist, "POST", "/api/me/conversations", {
      artistId: artist.id,
      body: "me",
    });
    expect(self.status).toBe(403);
    const notArtist = await send(t, buyer, "POST", "/api/me/conversations", {
      artistId: third.id,
      body: "hi",
    });
    expect(notArtist.status).toBe(404);
  });

  it("is one conversation and two messages when the first message is sent twice at once", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const [a, b] = await Promise.all([ask(buyer, work.id, "one"), ask(buyer, work.id, "two")]);
    const answers = [await sent(a), await sent(b)];
    expect(answers[0]!.conversationId).toBe(answers[1]!.conversationId);
    const full = await thread(buyer, answers[0]!.conversationId);
    expect(full.entries).toHaveLength(2);
  });
});

describe("who may read a conversation", () => {
  it("answers 404 to a third person, a guest and an admin (unreported) for every route", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const { conversationId } = await sent(await ask(buyer, work.id, "private question"));
    for (const who of [third, admin, undefined]) {
      // Signed out too: a stranger learns nothing, not even that it exists.
      const expected = 404;
      const paths: [string, string, unknown?][] = [
        ["GET", `/api/me/conversations/${conversationId}`],
        ["POST", `/api/me/conversations/${conversationId}/messages`, { body: "hi" }],
        ["PUT", `/api/me/conversations/${conversationId}/block`],
        ["POST", `/api/me/conversations/${conversationId}/report`, { reason: "spam" }],
      ];
      for (const [method, path, body] of paths) {
        const response = await send(t, who, method, path, body);
        expect(response.status, `${method} ${path}`).toBe(expected);
        expect(await response.text()).not.toContain("private question");
      }
    }
    const inbox = expectContract(
      inboxSchema,
      await (await send(t, third, "GET", "/api/me/conversations")).json(),
    );
    expect(inbox.conversations.map((c) => c.id)).not.toContain(conversationId);
  });
});

describe("bad input changes nothing", () => {
  it.each([
    ["empty", "", messageTexts.empty],
    ["whitespace", " \n\t ", messageTexts.empty],
    ["too long", "x".repeat(5001), messageTexts.tooLong],
    ["NUL", "a\u0000b", "Text may not contain the NUL character (U+0000)."],
  ])("refuses a %s message", async (_, body, message) => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const before = await messageCount();
    const response = await ask(buyer, work.id, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    expect(await messageCount()).toBe(before);
  });

  it("refuses ill-formed Unicode and keeps 5,000 characters exactly", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const headers = headersFor(buyer, { "content-type": "application/json" });
    const lone = await t.app.request("/api/me/conversations", {
      method: "POST",
      headers,
      body: `{"artworkId":"${work.id}","body":"a\\ud800b"}`,
    });
    expect(lone.status).toBe(400);
    const longest = await sent(await ask(buyer, work.id, "y".repeat(5000)));
    expect(longest.entry.type === "message" && longest.entry.body.length).toBe(5000);
  });
});

describe("staying on the platform", () => {
  it("holds back contact and payment details until a sale between the two", async () => {
    const seller = await newArtist("Sol");
    const work = await createArtwork(t.db, { artistId: seller.id });
    const before = await messageCount();
    for (const body of [
      "mail me: bea@example.com",
      "call +1 503 555 0142",
      "pay by paypal?",
      "https://buy.stripe.com/x1",
    ]) {
      const response = await ask(buyer, work.id, body);
      expect(response.status, body).toBe(422);
      const error = ((await response.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe("OFF_PLATFORM");
      expect(error.message).toContain("Until a sale is made");
    }
    expect(await messageCount()).toBe(before);
    // After a sale between them, contact details may be shared.
    const sold = await createArtwork(t.db, { artistId: seller.id });
    await createOrder(t.db, { artworkId: sold.id, purchaserId: buyer.id });
    await sent(await ask(buyer, work.id, "mail me: bea@example.com"));
  });
});

describe("blocking and reporting", () => {
  it("blocks messages both ways, keeps the old ones, and unblocks", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const { conversationId } = await sent(await ask(third, work.id, "first"));
    const path = `/api/me/conversations/${conversationId}`;
    expect((await send(t, artist, "PUT", `${path}/block`)).status).toBe(200);
    for (const who of [artist, third]) {
      const response = await send(t, who, "POST", `${path}/messages`, { body: "more" });
      expect(response.status).toBe(403);
    }
    expect((await ask(third, work.id, "again")).status).toBe(403);
    const kept = await thread(third, conversationId);
    expect(kept.entries).toHaveLength(1);
    expect(kept.cannotSend).toBe(messageTexts.blocked);
    expect((await thread(artist, conversationId)).blockedByMe).toBe(true);
    expect((await send(t, artist, "DELETE", `${path}/block`)).status).toBe(200);
    await sent(await send(t, third, "POST", `${path}/messages`, { body: "thanks" }));
  });

  it("takes one open report per person, with a reason", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const { conversationId } = await sent(await ask(third, work.id, "rude words"));
    const path = `/api/me/conversations/${conversationId}/report`;
    expect((await send(t, artist, "POST", path, { reason: "  " })).status).toBe(400);
    expect((await send(t, artist, "POST", path, { reason: "Abusive" })).status).toBe(201);
    expect((await send(t, artist, "POST", path, { reason: "Abusive" })).status).toBe(409);
    expect((await thread(artist, conversationId)).reported).toBe(true);
  });

  it("closes the conversations of a suspended person", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const someone = await signUp(t, { firstName: "Sam", lastName: "Suspended" });
    const { conversationId } = await sent(await ask(someone, work.id, "hi"));
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, someone.id));
    const response = await send(
      t,
      artist,
      "POST",
      `/api/me/conversations/${conversationId}/messages`,
      {
        body: "hello?",
      },
    );
    expect(response.status).toBe(409);
    expect((await thread(artist, conversationId)).conversation.closed).toBe(true);
  });
});

describe("limits", () => {
  it("starts at most 10 conversations a day per person", async () => {
    const asker = await signUp(t, { firstName: "Lim", lastName: "Its" });
    const works = await Promise.all(
      Array.from({ length: MAX_NEW_CONVERSATIONS_PER_DAY + 1 }, () =>
        createArtwork(t.db, { artistId: artist.id }),
      ),
    );
    for (const work of works.slice(0, -1)) await sent(await ask(asker, work.id, "hello"));
    const refused = await ask(asker, works.at(-1)!.id, "hello");
    expect(refused.status).toBe(429);
    clock.advanceMs(24 * 3_600_000 + 1000);
    await sent(await ask(asker, works.at(-1)!.id, "hello"));
  });

  it("sends at most 60 messages an hour per person", async () => {
    const chatty = await signUp(t, { firstName: "Cha", lastName: "Tty" });
    const work = await createArtwork(t.db, { artistId: artist.id });
    const { conversationId } = await sent(await ask(chatty, work.id, "1"));
    const path = `/api/me/conversations/${conversationId}/messages`;
    for (let i = 2; i <= MAX_MESSAGES_PER_HOUR; i += 1) {
      await sent(await send(t, chatty, "POST", path, { body: String(i) }));
    }
    expect((await send(t, chatty, "POST", path, { body: "61" })).status).toBe(429);
    clock.advanceMs(3_600_000 + 1000);
    await sent(await send(t, chatty, "POST", path, { body: "61" }));
  });
});

describe("limits under racing requests (two servers, or one person's many tabs)", () => {
  it("never lets more than 60 messages an hour through, however many are sent at once", async () => {
    const racer = await signUp(t, { firstName: "Race", lastName: "Sender" });
    const work = await createArtwork(t.db, { artistId: artist.id });
    const { conversationId } = await sent(await ask(racer, work.id, "0"));
    const path = `/api/me/conversations/${conversationId}/messages`;
    const answers = await Promise.all(
      Array.from({ length: MAX_MESSAGES_PER_HOUR + 10 }, (_, i) =>
        send(t, racer, "POST", path, { body: String(i + 1) }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_MESSAGES_PER_HOUR - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);
    const [row] = await t.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.senderId, racer.id));
    expect(row!.n).toBe(MAX_MESSAGES_PER_HOUR);
  });

  it("never starts more than 10 conversations a day, however many are asked at once", async () => {
    const racer = await signUp(t, { firstName: "Race", lastName: "Asker" });
    const works = await Promise.all(
      Array.from({ length: MAX_NEW_CONVERSATIONS_PER_DAY + 5 }, () =>
        createArtwork(t.db, { artistId: artist.id }),
      ),
    );
    const answers = await Promise.all(works.map((work) => ask(racer, work.id, "hello")));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_NEW_CONVERSATIONS_PER_DAY);
    const rows = await t.db.select().from(conversations).where(eq(conversations.buyerId, racer.id));
    expect(rows).toHaveLength(MAX_NEW_CONVERSATIONS_PER_DAY);
  });

  it("takes one open report when the same person reports twice at once", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const { conversationId } = await sent(await ask(third, work.id, "hm"));
    const path = `/api/me/conversations/${conversationId}/report`;
    const answers = await Promise.all([
      send(t, artist, "POST", path, { reason: "Spam" }),
      send(t, artist, "POST", path, { reason: "Spam" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe("the story of the sale in the thread", () => {
  it("shows the buyer's order events among the messages, in time order", async () => {
    const collector = await signUp(t, { firstName: "Col", lastName: "Lector" });
    const work = await createArtwork(t.db, { artistId: artist.id });
    const { conversationId } = await sent(await ask(collector, work.id, "Shipping to Lyon?"));
    clock.advanceMs(60_000);
    const order = await createOrder(t.db, { artworkId: work.id, purchaserId: collector.id });
    await t.db
      .insert(orderEvents)
      .values([
        { orderId: order.id, actorRole: "buyer", toStatus: "paid", createdAt: clock.now() },
      ]);
    clock.advanceMs(60_000);
    await sent(
      await send(t, artist, "POST", `/api/me/conversations/${conversationId}/messages`, {
        body: "Thank you, shipping Monday.",
      }),
    );
    const story = await thread(collector, conversationId);
    expect(story.entries.map((e) => (e.type === "message" ? e.body : e.text))).toEqual([
      "Shipping to Lyon?",
      "Purchased: the order is paid",
      "Thank you, shipping Monday.",
    ]);
    const event = story.entries[1]!;
    expect(event.type === "event" && event.link).toBe(`/profile/purchases/${order.id}`);
  });
});

describe("reply time and pushes", () => {
  it("says how fast an artist replies once they answered 3 conversations", async () => {
    const quick = await newArtist("Quick");
    for (let i = 0; i < 3; i += 1) {
      expect(await t.services.conversations.replyTime(quick.id)).toBeNull();
      const asker = await signUp(t, { firstName: `Asker${i}`, lastName: "X" });
      const work = await createArtwork(t.db, { artistId: quick.id });
      const { conversationId } = await sent(await ask(asker, work.id, "hi"));
      clock.advanceMs(3 * 3_600_000);
      await sent(
        await send(t, quick, "POST", `/api/me/conversations/${conversationId}/messages`, {
          body: "hello!",
        }),
      );
    }
    expect(await t.services.conversations.replyTime(quick.id)).toBe(
      "Usually replies within 3 hours",
    );
  });

  it("pushes a new message to the recipient's listeners with their unread count", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const events: unknown[] = [];
    const stop = t.services.conversations.bus.subscribe(artist.id, (event) => events.push(event));
    // On PostgreSQL the push goes through NOTIFY: listening first, then the event arrives.
    await t.services.conversations.bus.ready();
    const { conversationId } = await sent(await ask(third, work.id, "live?"));
    await vi.waitFor(() => expect(events).toHaveLength(1));
    stop();
    expect(events).toEqual([{ type: "message", conversationId, unread: await unread(artist) }]);
  });

  it("streams pushed messages as Server-Sent Events", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const abort = new AbortController();
    const response = await t.app.request("/api/me/conversations/stream", {
      headers: headersFor(artist),
      signal: abort.signal,
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("content-encoding")).toBeNull();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("event: ready")) text += decoder.decode((await reader.read()).value);
    const { conversationId } = await sent(await ask(third, work.id, "streamed?"));
    while (!text.includes(conversationId)) text += decoder.decode((await reader.read()).value);
    expect(text).toMatch(
      /event: message\ndata: \{"type":"message","conversationId":"[^"]+","unread":\d+\}/,
    );
    abort.abort();
    await reader.cancel().catch(() => {});
  });
});

/** A phone photo as it arrives: a few hundred KB of detail, sideways, with camera and GPS data. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: "#6a8",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: "SecretCam", Model: "Model Z" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100" },
      },
    })
    .toBuffer();
}

async function upload(member: Member, file: Buffer) {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(file)], { type: "image/jpeg" }), "IMG_0001.jpg");
  return t.app.request("/api/me/conversations/images", {
    method: "POST",
    headers: headersFor(member),
    body: form,
  });
}

async function uploaded(member: Member, file?: Buffer) {
  const response = await upload(member, file ?? (await solidJpeg(800, 600)));
  expect(response.status, await response.clone().text()).toBe(201);
  return expectContract(messageImageSchema, await response.json());
}

describe("pictures", () => {
  it("takes a real phone photo and keeps no EXIF, camera or GPS data in any file", async () => {
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(200 * 1024);
    expect(photo.toString("latin1")).toContain("SecretCam");
    const image = await uploaded(third, photo);
    for (const address of [image.original, image.medium, image.thumbnail]) {
      const file = readFileSync(path.join(t.config.mediaDir, address.slice("/media/".length)));
      expect(file.toString("latin1")).not.toContain("SecretCam");
      const meta = await sharp(file).metadata();
      expect(meta.exif, address).toBeUndefined();
    }
    // Turned upright: the sideways 1600 × 1200 file is 1200 wide.
    expect([image.width, image.height]).toEqual([1200, 1600]);
  });

  it("refuses what is not a picture, and stores nothing", async () => {
    const response = await upload(third, Buffer.from("not a picture"));
    expect(response.status).toBe(400);
  });

  it("sends up to 6 of one's own pictures with a message, each once", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const six = [];
    for (let i = 0; i < 6; i += 1) six.push(await uploaded(third));
    const theirs = await uploaded(buyer);
    const before = await messageCount();
    const stolen = await ask(third, work.id, "look", [six[0]!.id, theirs.id]);
    expect(stolen.status).toBe(400);
    expect(await messageCount()).toBe(before);
    // Nothing was made by the refused first message: no empty conversation in any inbox.
    const empty = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.artworkId, work.id));
    expect(empty).toEqual([]);
    const seven = await ask(third, work.id, "look", [...six.map((i) => i.id), theirs.id]);
    expect(seven.status).toBe(400);
    const answer = await sent(
      await ask(
        third,
        work.id,
        "look",
        six.map((i) => i.id),
      ),
    );
    expect(answer.entry.type === "message" && answer.entry.images.map((i) => i.id)).toEqual(
      six.map((i) => i.id),
    );
    // Used once: the same picture cannot go with a second message.
    expect((await ask(third, work.id, "again", [six[0]!.id])).status).toBe(400);
  });
});
