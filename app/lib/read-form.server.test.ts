import { describe, expect, it } from "vitest";
import { inputMessages } from "../../domain/text-input";
import { readForm } from "./read-form.server";

function post(body: BodyInit, contentType?: string): Request {
  const headers = contentType ? { "content-type": contentType } : undefined;
  return new Request("http://localhost/signin", { method: "POST", body, headers });
}

async function refusal(request: Request): Promise<{ status: number; data: unknown }> {
  try {
    await readForm(request);
  } catch (error) {
    // What `data()` throws; React Router answers it with its status and renders the message.
    const thrown = error as { type?: string; data: unknown; init: { status: number } | null };
    if (thrown.type === "DataWithResponseInit")
      return { status: thrown.init?.status ?? 200, data: thrown.data };
    throw error;
  }
  throw new Error("the form was accepted");
}

describe("readForm", () => {
  it("reads a url-encoded form", async () => {
    const form = await readForm(
      post("email=a%40b.c&password=x", "application/x-www-form-urlencoded"),
    );
    expect(form.get("email")).toBe("a@b.c");
  });

  it("refuses JSON and bodies without a type with 415", async () => {
    expect(await refusal(post('{"email":"a"}', "application/json"))).toEqual({
      status: 415,
      data: inputMessages.notAForm,
    });
    expect((await refusal(post("email=a"))).status).toBe(415);
  });

  it("refuses a broken multipart body with 400", async () => {
    expect(
      await refusal(post("--x\r\nnot a part", "multipart/form-data; boundary=nothere")),
    ).toEqual({
      status: 400,
      data: inputMessages.brokenForm,
    });
  });

  it("refuses a NUL character in a field with 400", async () => {
    expect(
      await refusal(post("email=a%00%40b.c&password=x", "application/x-www-form-urlencoded")),
    ).toEqual({ status: 400, data: inputMessages.nulCharacter });
  });
});

describe("readForm and text that is not well-formed", () => {
  const urlEncoded = "application/x-www-form-urlencoded";

  it.each([
    ["an encoded lone surrogate", "name=x%ED%A0%80"],
    ["a stray continuation byte", "name=%80ab"],
    ["an overlong encoding", "name=%C0%AF"],
    ["a field name that is not UTF-8", "%FF=x"],
  ])("refuses %s in a url-encoded form with 400", async (_, body) => {
    expect(await refusal(post(body, urlEncoded))).toEqual({
      status: 400,
      data: inputMessages.illFormedText,
    });
  });

  it("refuses a raw byte that is not UTF-8 in a url-encoded body", async () => {
    const body = new Uint8Array([...new TextEncoder().encode("name=ab"), 0xff]);
    expect((await refusal(post(body, urlEncoded))).data).toBe(inputMessages.illFormedText);
  });

  it("refuses a multipart text field that is not UTF-8", async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    const body = new Uint8Array([
      ...encode('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx'),
      0xed,
      0xa0,
      0x80,
      ...encode("\r\n--b--\r\n"),
    ]);
    expect(await refusal(post(body, "multipart/form-data; boundary=b"))).toEqual({
      status: 400,
      data: inputMessages.illFormedText,
    });
  });

  it("keeps well-formed text as sent: accents, emoji, a stray percent sign", async () => {
    const form = await readForm(
      post(`name=${encodeURIComponent("Zoë 🎨")}&note=100%+sure&raw=Café`, urlEncoded),
    );
    expect(form.get("name")).toBe("Zoë 🎨");
    expect(form.get("note")).toBe("100% sure");
    expect(form.get("raw")).toBe("Café");
  });
});
