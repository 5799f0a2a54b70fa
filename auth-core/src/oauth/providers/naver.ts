import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readId, readObject, readOptionalString } from "./claims.js";

/** Options of Naver sign-in (docs/providers.md, the naver row). */
export interface NaverProviderOptions extends BaseProviderOptions {
  clientSecret: string;
}

const ME = "https://openapi.naver.com/v1/nid/me";
/** Naver's answer code for success; anything else is a refusal whatever the HTTP status. */
const NAVER_OK = "00";

export function createNaverProvider(options: NaverProviderOptions): OAuthProvider {
  return defineProvider({
    id: "naver",
    name: "Naver",
    options,
    // The profile fields are chosen in Naver's console, which reads no scope; it is sent as better-auth does.
    defaultScopes: ["profile", "email"],
    sendPKCE: false,
    endpoints: fixedEndpoints({
      authorization: "https://nid.naver.com/oauth2.0/authorize",
      token: "https://nid.naver.com/oauth2.0/token",
      userInfo: ME,
    }),
    // Naver's token request carries the flow's state with the code.
    tokenParams: ({ state }): Record<string, string> => (state ? { state } : {}),
    // expires_in comes as a string ("3600"); the engine reads both forms.
    supportsRefresh: true,
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      const answer = await engine.fetchUserInfo(tokens.accessToken);
      if (!answer || answer.resultcode !== NAVER_OK) return null;
      const person = readObject(answer.response);
      const id = readId(person.id);
      if (!id) return null;
      return {
        user: {
          id,
          email: readEmail(person.email),
          // Naver says nothing about the address having been confirmed.
          emailVerified: false,
          name: readOptionalString(person.name) ?? readOptionalString(person.nickname),
          image: readOptionalString(person.profile_image),
        },
        data: person,
      };
    },
  });
}
