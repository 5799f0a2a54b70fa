import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";

/** A test person of the development identity provider, as kept on disk. */
export interface StoredPerson {
  email: string;
  name: string;
  emailVerified: boolean;
}

const peopleSchema = z.array(z.object({ email: z.string().min(3).max(320), name: z.string().max(256), emailVerified: z.boolean() }));

/** DATA_DIR/dev-idp-people.json: the people created on the development sign-in page, kept across restarts. */
export function peopleFilePath(dataDir: string): string {
  return join(dataDir, "dev-idp-people.json");
}

/** The people saved by an earlier run; none when the file is missing or unreadable (it is development data). */
export function loadPeople(file: string): StoredPerson[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  try {
    const parsed = peopleSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Writes the whole list (through a temporary file, so a crash never leaves half a file). */
export function savePeople(file: string, people: readonly StoredPerson[]): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(people, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}
