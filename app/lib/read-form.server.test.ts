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
