/** Options of the email flows (verification, reset, change email, deletion). Owned by the email-flows issue. */
export interface EmailFlowOptions {
  emailVerification?: {
    /** Require a verified email before email-and-password sign-in (EMAIL_NOT_VERIFIED, 403). */
    requireEmailVerification?: boolean;
  };
}

export interface ResolvedEmailFlowOptions {
  requireEmailVerification: boolean;
}

export function resolveEmailFlowOptions(options: EmailFlowOptions): ResolvedEmailFlowOptions {
  return {
    requireEmailVerification: options.emailVerification?.requireEmailVerification ?? false,
  };
}
