import { defineProvider, fixedEndpoints, userInfoProfile, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readId, readObject, readOptionalString } from "./claims.js";

/** Options of Kakao sign-in (docs/providers.md, the kakao row); clientId is the REST API key. */
export interface KakaoProviderOptions extends BaseProviderOptions {
  /** Needed only when client secrets are turned on for the app in Kakao's console. */
  clientSecret?: string;
}

const ME = "https://kapi.kakao.com/v2/user/me";

export function createKakaoProvider(options: KakaoProviderOptions): OAuthProvider {
  return defineProvider({
    id: "kakao",
    name: "Kakao",
    options,
    // Space-joined, as better-auth and Kakao's own SDKs send them to the same endpoint.
    defaultScopes: ["account_email", "profile_image", "profile_nickname"],
    sendPKCE: false,
    endpoints: fixedEndpoints({
      authorization: "https://kauth.kakao.com/oauth/authorize",
      token: "https://kauth.kakao.com/oauth/token",
      userInfo: ME,
    }),
    supportsRefresh: true,
    getUserInfo: userInfoProfile({
      id: (me) => readId(me.id),
      user(me) {
        const account = readObject(me.kakao_account);
        const profile = readObject(account.profile);
        return {
          email: readEmail(account.email),
          // Kakao vouches for the address only when it is both verified and still valid.
          emailVerified: account.is_email_verified === true && account.is_email_valid === true,
          name: readOptionalString(profile.nickname) ?? readOptionalString(account.name),
          image: readOptionalString(profile.profile_image_url) ?? readOptionalString(profile.thumbnail_image_url),
        };
      },
    }),
  });
}
