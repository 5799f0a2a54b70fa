/** What each scope lets an app do, in words (the consent screen and Connected apps never show raw scope names). */
const SCOPE_WORDS: Readonly<Record<string, string>> = {
  openid: "Confirm who you are with your Gatehouse account",
  profile: "See your name and profile picture",
  email: "See your email address and whether it is verified",
  offline_access: "Stay connected when you are not using it, until you disconnect it",
};

export function scopeInWords(scope: string): string {
  return SCOPE_WORDS[scope] ?? `Use the permission named “${scope}”`;
}
