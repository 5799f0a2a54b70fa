/** Discord: the avatar URL from id and hash (or the default avatar), `verified`, prompt and bot permissions. */
import { afterEach, describe, expect, it } from "vitest";
import { discordAvatarURL } from "../../src/oauth/providers/discord.js";
import { fixture } from "./fixtures/discord.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";
import type { ProviderFixture } from "./stand-in.js";

const ME = "https://discord.com/api/users/@me";

function withProfile(profile: Record<string, unknown>): ProviderFixture {
  return { ...fixture, api: { [ME]: () => profile } };
}

describe("discord avatar URL", () => {
  it("a static hash is a PNG, an animated one (a_) a GIF", () => {
    expect(discordAvatarURL("80351110224678912", "8342729096ea3675442027381ff50dfe", "0")).toBe(
      "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    );
    expect(discordAvatarURL("80351110224678912", "a_1269e74af4df7417b13759eae50c83dc", "0")).toBe(
      "https://cdn.discordapp.com/avatars/80351110224678912/a_1269e74af4df7417b13759eae50c83dc.gif",
    );
  });

  it("without an avatar: the default one, by id for new usernames and by discriminator for legacy ones", () => {
    // (80351110224678912 >> 22) % 6 = 19157197529 % 6 = 5
    expect(discordAvatarURL("80351110224678912", null, "0")).toBe("https://cdn.discordapp.com/embed/avatars/5.png");
    // 1337 % 5 = 2; 4 % 5 = 4
    expect(discordAvatarURL("80351110224678912", null, "1337")).toBe("https://cdn.discordapp.com/embed/avatars/2.png");
    expect(discordAvatarURL("80351110224678912", null, "0004")).toBe("https://cdn.discordapp.com/embed/avatars/4.png");
  });
});

describe("discord", () => {
  let h: ProviderFlow | undefined;
  afterEach(async () => {
    await h?.destroy();
    h = undefined;
  });

  it("someone without an avatar and without a verified address signs in with the default avatar, unverified", async () => {
    h = await startProviderFlow(
      withProfile({
        id: "80351110224678912",
        username: "nelly",
        discriminator: "0",
        global_name: null,
        avatar: null,
        verified: false,
        email: "nelly@discord.com",
      }),
    );
    expect((await h.run()).location).toBe("/dashboard");
    const user = await h.sessionUser();
    expect(user).toMatchObject({ name: "nelly", emailVerified: false, image: "https://cdn.discordapp.com/embed/avatars/5.png" });
  });

  it("a phone-only account (email null) is email_not_found, with no user", async () => {
    h = await startProviderFlow(withProfile({ id: "80351110224678912", username: "nelly", discriminator: "0", avatar: null, verified: false, email: null }));
    const { location } = await h.run();
    expect(new URL(location, "http://x").searchParams.get("error")).toBe("email_not_found");
    expect(await h.sessionUser()).toBeNull();
  });

  it("prompt=consent when configured; permissions only with the bot scope", async () => {
    h = await startProviderFlow(fixture, { ...fixture.options, prompt: "consent", permissions: 2048, scope: ["bot"] });
    const { authorizationURL } = await h.run();
    expect(authorizationURL.searchParams.get("prompt")).toBe("consent");
    expect(authorizationURL.searchParams.get("scope")).toBe("identify email bot");
    expect(authorizationURL.searchParams.get("permissions")).toBe("2048");
    await h.destroy();
    h = await startProviderFlow(fixture, { ...fixture.options, permissions: 2048 });
    expect((await h.run()).authorizationURL.searchParams.has("permissions")).toBe(false);
  });
});
