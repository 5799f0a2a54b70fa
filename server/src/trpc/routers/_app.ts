import type { WireSessionResult } from "@gatehouse/auth-core";
import { protectedProcedure, publicProcedure, router } from "../trpc.js";
import type { SignInMethods } from "../context.js";
import { listEnabledProviders, type EnabledProvider } from "../../providers/enabled-providers.js";
import { accountRouter } from "./account.js";
import { auditRouter } from "./audit.js";
import { planRouter } from "./plan.js";
import { adminRouter } from "./admin.js";

/** The session as the web app sees it over tRPC: dates as Date, no session token. */
export interface SessionView {
  /** role: "user" or "admin": the web app shows the console link to admins only. */
  user: { id: string; email: string; name: string; image: string | null; emailVerified: boolean; role: string; createdAt: Date; updatedAt: Date };
  /** impersonatedBy: the admin acting through this session (the banner), else null. */
  session: {
    id: string;
    userId: string;
    expiresAt: Date;
    createdAt: Date;
    updatedAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
    impersonatedBy: string | null;
  };
}

// Columns are picked explicitly so a new wire field never leaks by accident (the token stays out).
function toSessionView({ user, session }: WireSessionResult): SessionView {
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image,
      emailVerified: user.emailVerified,
      role: user.role,
      createdAt: new Date(user.createdAt),
      updatedAt: new Date(user.updatedAt),
    },
    session: {
      id: session.id,
      userId: session.userId,
      expiresAt: new Date(session.expiresAt),
      createdAt: new Date(session.createdAt),
      updatedAt: new Date(session.updatedAt),
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      impersonatedBy: session.impersonatedBy,
    },
  };
}

export const appRouter = router({
  health: publicProcedure.query(() => ({ ok: true })),
  account: accountRouter,
  audit: auditRouter,
  plan: planRouter,
  admin: adminRouter,
  auth: router({
    /** Spec §7: the auth session query returns user and session. */
    session: protectedProcedure.query(({ ctx }): SessionView => toSessionView(ctx.session)),
    /** Public: the social providers the login screen and Settings offer (Google first, then by name). */
    providers: publicProcedure.query(({ ctx }): EnabledProvider[] => listEnabledProviders(ctx.auth)),
    /** Public: whether the sign-in screen (and Settings, and the mails) offer email and password (EMAIL_SIGN_IN). */
    // The passwordless flags appear only when on: the default answer stays { email }.
    signInMethods: publicProcedure.query(({ ctx }): SignInMethods => ({
      email: ctx.signIn?.email ?? false,
      ...(ctx.signIn?.magicLink ? { magicLink: true } : {}),
      ...(ctx.signIn?.emailOtp ? { emailOtp: true } : {}),
    })),
  }),
});

export type AppRouter = typeof appRouter;
