import { expect } from "vitest";
import type { WireUser } from "../src/shared/wire-types.js";
import { createTestBrowser, signUpPerson, type TestAuth, type TestBrowser, type TestPerson } from "../testing/index.js";

/** Support for the operator tests: people signed up through the real endpoints, one of them made an admin. */
export async function signUpAdmin(t: TestAuth, name: string, email: string): Promise<TestPerson> {
  const admin = await signUpPerson(t.auth, name, email);
  await t.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  return admin;
}

export async function userRow(t: TestAuth, id: string) {
  return t.database.db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function sessionCount(t: TestAuth, userId: string): Promise<number> {
  return (await t.database.db.selectFrom("session").select("id").where("userId", "=", userId).execute()).length;
}

export async function expectError(response: Response, status: number, code: string): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect((JSON.parse(text) as { code: string }).code).toBe(code);
}

export async function userOf(response: Response): Promise<WireUser> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: WireUser }).user;
}

/** A copy of the admin's cookie jar: the browser in which the admin acts as the person. */
export function cloneBrowser(t: TestAuth, from: TestBrowser): TestBrowser {
  const browser = createTestBrowser(t.auth);
  for (const [name, value] of from.cookies) browser.cookies.set(name, value);
  return browser;
}
