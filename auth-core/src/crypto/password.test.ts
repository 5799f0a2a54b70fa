import { describe, expect, it } from "vitest";
import { createScryptHasher } from "./password.js";

const hasher = createScryptHasher({ N: 1024, r: 8, p: 1, keyLength: 32 }, 2);
const salt = new Uint8Array(16).fill(7);

describe("scrypt password hashing", () => {
  it("stores its parameters and verifies only the right password", async () => {
    const stored = await hasher.hash("correct horse", salt);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await hasher.verify("correct horse", stored)).toBe(true);
    expect(await hasher.verify("correct horsE", stored)).toBe(false);
  });

  it("verifies a hash made with other parameters (they can be raised later)", async () => {
    const older = await createScryptHasher({ N: 512, r: 4, p: 1, keyLength: 16 }).hash("pw-12345", salt);
    expect(await hasher.verify("pw-12345", older)).toBe(true);
  });

  it("refuses malformed stored values instead of throwing", async () => {
    for (const bad of ["", "scrypt$x$8$1$a$b", "bcrypt$2b$...", "scrypt$1024$8$1$$"]) {
      expect(await hasher.verify("anything", bad)).toBe(false);
    }
  });
});
