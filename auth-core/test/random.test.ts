import { describe, expect, it } from "vitest";
import { generateId, randomString, systemRandom, type RandomReader } from "../src/deps/random.js";

/** A reader that hands out the given bytes in order, then zeros; records each read's size. */
function scripted(bytes: number[]): RandomReader & { reads: number[] } {
  let next = 0;
  const reads: number[] = [];
  return {
    reads,
    read(target) {
      reads.push(target.length);
      for (let i = 0; i < target.length; i++) target[i] = bytes[next++] ?? 0;
    },
  };
}

describe("random strings", () => {
  it("draws each character uniformly, also where 256 is no multiple of the alphabet's size", () => {
    // 66 characters (PKCE's): 256 % 66 = 58, so byte % 66 alone would draw the first 58 a third more often.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
    const perCharacter = 4000;
    const counts = new Map<string, number>();
    for (const character of randomString(systemRandom, alphabet, alphabet.length * perCharacter)) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...alphabet].sort());
    // Each count within 8 % of its expectation: about five standard deviations (√4000 ≈ 63).
    for (const count of counts.values()) expect(Math.abs(count - perCharacter)).toBeLessThan(perCharacter * 0.08);
  });

  it("drops the bytes at or above the largest multiple of the alphabet's size, and reads more when it must", () => {
    // Ten digits: bytes 250 to 255 are dropped (250 = 25 × 10).
    const reader = scripted([255, 250, 7, 251, 13, 249, ...Array.from({ length: 10 }, () => 252), 3]);
    expect(randomString(reader, "0123456789", 4)).toBe("7393");
    // One read for the string (4 + 1 + 4 bytes), then another: the first held only three kept bytes.
    expect(reader.reads).toEqual([9, 9]);
  });

  it("makes ids of 32 characters of [a-z0-9], and refuses an alphabet it cannot draw from", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => generateId(systemRandom)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{32}$/);
    expect(() => randomString(systemRandom, "a", 4)).toThrow(RangeError);
    expect(() => randomString(systemRandom, "x".repeat(257), 4)).toThrow(RangeError);
  });

  it("hands out the system's bytes once each, in reads of any size", () => {
    const small = Array.from({ length: 600 }, () => {
      const bytes = new Uint8Array(16);
      systemRandom.read(bytes);
      return Buffer.from(bytes).toString("hex");
    });
    expect(new Set(small).size).toBe(small.length);
    const large = new Uint8Array(10_000);
    systemRandom.read(large);
    expect(large.some((byte) => byte !== 0)).toBe(true);
  });
});
