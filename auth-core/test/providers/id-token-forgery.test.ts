/**
 * Security review of the providers: ID-token sign-in refuses forged tokens for every provider
 * that offers it: HS256 keyed with the provider's public key (algorithm confusion), `alg: none`,
 * another audience, another issuer. Each would sign a person in if the verifier trusted the header.
 */
import { createPublicKey, type JsonWebKey } from "node:crypto";
import { SignJWT, type JWK } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { createTestBrowser } from "../../testing/index.js";
import { fixture as apple } from "./fixtures/apple.js";
import { fixture as cognito } from "./fixtures/cognito.js";
import { fixture as facebook } from "./fixtures/facebook.js";
import { fixture as google } from "./fixtures/google.js";
import { fixture as microsoft } from "./fixtures/microsoft.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";
import type { ProviderFixture } from "./stand-in.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.t.destroy();
  flow = undefined;
});

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url");

describe.each([apple, cognito, facebook, google, microsoft].map((f): [string, ProviderFixture] => [f.id, f]))("%s ID-token sign-in", (_id, fixture) => {
  it("refuses HS256 keyed with the public key, alg none, another audience and another issuer", async () => {
    flow = await startProviderFlow(fixture);
    const f = flow;
    const spec = fixture.idToken!;
    const jwks = (await (await f.standIn.fetch(spec.jwksURL)).json()) as { keys: JWK[] };
    const pem = createPublicKey({ key: jwks.keys[0] as JsonWebKey, format: "jwk" })
      .export({ type: "spki", format: "pem" })
      .toString();
    const valid = await f.standIn.signIdToken("n");
    const claims = JSON.parse(Buffer.from(valid.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
    const forged: Array<[string, string]> = [
      ["HS256 with the public key", await new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid: "stand-in-key" }).sign(new TextEncoder().encode(pem))],
      ["alg none", `${b64({ alg: "none", typ: "JWT" })}.${valid.split(".")[1]}.`],
      ["another audience", await f.standIn.signIdToken("n", { audience: "someone-elses-client" })],
      ["another issuer", await f.standIn.signIdToken("n", { issuer: "https://issuer.attacker.example" })],
    ];
    const browser = createTestBrowser(f.t.auth);
    for (const [name, token] of forged) {
      f.t.clock.advance(11_000);
      const response = await browser.post("/sign-in/social", { provider: fixture.id, idToken: { token, nonce: "n" } });
      expect(response.status, name).toBe(401);
    }
    f.t.clock.advance(11_000);
    // The genuine token still signs in: the refusals above were about the forgery.
    const genuine = await browser.post("/sign-in/social", { provider: fixture.id, idToken: { token: await f.standIn.signIdToken("n"), nonce: "n" } });
    expect(genuine.status).toBe(200);
    const users = await f.t.database.db.selectFrom("user").select("id").execute();
    expect(users).toHaveLength(1);
  });
});
