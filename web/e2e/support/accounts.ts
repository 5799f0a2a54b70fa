import type { BrowserContext } from "playwright-core";

export interface EmailAccount {
  email: string;
  password: string;
  name: string;
}

/**
 * Seeds a person through the real POST /api/auth/sign-up/email, from inside the browser profile,
 * so the profile holds the session cookie exactly as after a sign-in (the login screen itself
 * offers only Google and passkeys, spec §1).
 */
export async function signUpInBrowser(context: BrowserContext, baseURL: string, account: EmailAccount): Promise<void> {
  const response = await context.request.post(`${baseURL}/api/auth/sign-up/email`, { data: account, headers: { origin: baseURL } });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
}

/** The same person signing in on another device (another profile). */
export async function signInInBrowser(context: BrowserContext, baseURL: string, account: EmailAccount): Promise<void> {
  const response = await context.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: account.email, password: account.password },
    headers: { origin: baseURL },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}
