/**
 * Test support for organizations: a mailer that records what it is asked to send (our own
 * Mailer interface, not a stand-in for a third party), people signed in through the real
 * endpoints, and organizations seeded straight into the real database for table tests.
 */
import type { Auth, Mailer, MailMessage, RandomReader } from "@gatehouse/auth-core";
import { createTestBrowser, type TestBrowser } from "./http.js";

export interface RecordingMailer extends Mailer {
  messages: MailMessage[];
}

export function createRecordingMailer(): RecordingMailer {
  const messages: MailMessage[] = [];
  return {
    messages,
    send: async (message: MailMessage): Promise<void> => {
      messages.push(message);
    },
  };
}

export interface TestPerson {
  browser: TestBrowser;
  userId: string;
  email: string;
}

/** Signs a person up through /sign-up/email; their browser holds the session cookie. */
export async function signUpPerson(auth: Auth, name: string, email: string): Promise<TestPerson> {
  const browser = createTestBrowser(auth);
  const response = await browser.post("/sign-up/email", { name, email, password: "correct horse battery" });
  if (response.status !== 200) throw new Error(`sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { browser, userId: body.user.id, email: email.toLowerCase() };
}

export interface SeededOrganization {
  organizationId: string;
  slug: string;
  teamId: string;
  memberIds: Record<string, string>;
}

/**
 * An organization with the given members (userId → role) and one team, written directly to the
 * database: the matrix tables need many fresh organizations and the create flow is tested elsewhere.
 */
export async function seedOrganization(auth: Auth, members: Record<string, string>): Promise<SeededOrganization> {
  const { db, random, clock } = auth.context;
  const now = clock.now().toISOString();
  const slug = `org-${rowId(random).slice(0, 12)}`;
  // The largest plan: the matrix tables seat more people than the free plan allows.
  const organization = await db
    .insertInto("organization")
    .values({ id: rowId(random), name: `Org ${slug}`, slug, logo: null, metadata: null, plan: "business", createdAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const memberIds: Record<string, string> = {};
  for (const [userId, role] of Object.entries(members)) {
    const member = await db
      .insertInto("member")
      .values({ id: rowId(random), organizationId: organization.id, userId, role, createdAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    memberIds[userId] = member.id;
  }
  const team = await db
    .insertInto("team")
    .values({ id: rowId(random), name: "Core", organizationId: organization.id, createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { organizationId: organization.id, slug, teamId: team.id, memberIds };
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A row id as the library makes them: 32 characters of [a-z0-9] from the service's random reader. */
function rowId(random: RandomReader): string {
  const bytes = new Uint8Array(32);
  random.read(bytes);
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

/** The JSON body of a response, typed by the caller. */
export async function readJSON<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
