import { expect, test } from "@playwright/test";
import { inputMessages } from "../domain/text-input";
import { signInDemoAdminByApi } from "./helpers";

/**
 * A page's form given text that is not UTF-8 (a script's `%ED%A0%80`, an encoded lone
 * surrogate; a browser never sends one): the console's "create an exhibition" answers 400
 * with the one message, and no exhibition is made (it used to be stored with U+FFFD).
 */
test("a console form with an encoded lone surrogate answers 400 and creates nothing", async ({
  request,
  baseURL,
}) => {
  await signInDemoAdminByApi(request, baseURL ?? "");
  const names = async () => {
    const list = await request.get("/api/admin/exhibitions");
    expect(list.ok()).toBe(true);
    return ((await list.json()) as { name: string }[]).map((e) => e.name);
  };
  const before = await names();

  const response = await request.post("/admin/exhibitions", {
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseURL ?? "" },
    data: "name=Surrogate%20show%ED%A0%80&description=Works.&address=1%20Pier%20St",
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(inputMessages.illFormedText);
  expect(await names()).toEqual(before);
  expect((await names()).some((name) => name.startsWith("Surrogate"))).toBe(false);
});
