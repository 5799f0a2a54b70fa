import { useState, type FormEvent, type ReactElement } from "react";
import { ActionStatus, Section } from "../../../components/ui.js";
import { AuthRequestError } from "../../../lib/auth-errors.js";
import { useForgetTrustedDevices } from "../api/forget-trusted-devices.js";
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor, useRegenerateBackupCodes, type EnabledTwoFactor } from "../api/manage-two-factor.js";
import { BackupCodes } from "./backup-codes.js";
import { PasswordAction } from "./password-action.js";
import { QRCode } from "./qr-code.js";

/** The key an app asks for when typed in by hand: the URI's secret, in groups of four. */
function setupKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

function codeErrorMessage(error: unknown): string {
  if (error instanceof AuthRequestError && error.code === "INVALID_CODE") return "That code is not right. Enter the code your app shows now.";
  return error instanceof Error && error.message ? error.message : "Something went wrong. Please try again.";
}

function SetupStep({ setup }: { setup: EnabledTwoFactor }): ReactElement {
  const [code, setCode] = useState("");
  const confirm = useConfirmTwoFactor();
  function submit(event: FormEvent): void {
    event.preventDefault();
    confirm.mutate({ code: code.trim() });
  }
  return (
    <div className="stack">
      <p>1. Scan this QR code with an authenticator app (or type the setup key).</p>
      <QRCode value={setup.totpURI} label="QR code for your authenticator app" />
      <p>
        Setup key: <code data-testid="totp-secret">{setupKey(setup.totpURI)}</code>
      </p>
      <BackupCodes codes={setup.backupCodes} />
      <form className="stack" onSubmit={submit}>
        <label htmlFor="two-factor-confirm-code">2. Enter the 6-digit code the app shows</label>
        <input
          id="two-factor-confirm-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className="actions">
          <button type="submit" disabled={confirm.isPending}>
            Turn on two-factor
          </button>
        </div>
        <ActionStatus mutation={confirm} pending="Checking…" success="Two-factor is on." errorMessage={codeErrorMessage} />
      </form>
    </div>
  );
}

/** Said where a person without a password meets an action that would otherwise ask for it. */
const RECENT_SIGN_IN = "You have no password, so a recent sign-in confirms it is you: if you signed in a while ago, sign out and in again first.";

function TurnedOn({ hasPassword }: { hasPassword: boolean }): ReactElement {
  const regenerate = useRegenerateBackupCodes();
  const disable = useDisableTwoFactor();
  const forget = useForgetTrustedDevices();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <div className="stack">
      <p>
        <span className="badge ok">On</span> Signing in with a password, a provider such as Google, or a mailed link or code also asks for a code from your
        authenticator app, a backup code or a code mailed to you. Browsers you told to trust skip it for 30 days; turning two-factor off, signing out everywhere
        or changing your password forgets them.
      </p>
      {!hasPassword && <p>{RECENT_SIGN_IN}</p>}
      <h3>New backup codes</h3>
      <PasswordAction
        id="two-factor-regenerate-password"
        label="Make new backup codes"
        withPassword={hasPassword}
        busy={regenerate.isPending}
        onSubmit={(password, done) => regenerate.mutate({ password }, { onSuccess: (data) => (setCodes(data.backupCodes), done()) })}
      />
      <ActionStatus mutation={regenerate} pending="Making codes…" success="New backup codes made; the old ones no longer work." />
      {codes && <BackupCodes codes={codes} />}
      <h3>Trusted browsers</h3>
      <div className="actions">
        <button type="button" className="secondary" disabled={forget.isPending} onClick={() => forget.mutate()}>
          Forget trusted browsers
        </button>
      </div>
      <ActionStatus mutation={forget} pending="Forgetting…" success="Every browser asks for the second step again." />
      <h3>Turn off</h3>
      <PasswordAction
        id="two-factor-disable-password"
        label="Turn off two-factor"
        withPassword={hasPassword}
        danger
        confirm={{
          title: "Turn off two-factor?",
          body: "Signing in will ask for one factor only, and your backup codes and trusted browsers stop working. You can turn it on again later.",
        }}
        busy={disable.isPending}
        onSubmit={(password, done) => disable.mutate({ password }, { onSuccess: done })}
      />
      <ActionStatus mutation={disable} pending="Turning off…" success="Two-factor is off." />
    </div>
  );
}

export interface TwoFactorSectionProps {
  enabled: boolean;
  hasPassword: boolean;
}

/** Settings → Two-factor: set up with an app (QR code, confirm with a code, backup codes), regenerate, turn off. */
export function TwoFactorSection({ enabled, hasPassword }: TwoFactorSectionProps): ReactElement {
  const enable = useEnableTwoFactor();
  const [setup, setSetup] = useState<EnabledTwoFactor | null>(null);
  let body: ReactElement;
  // Confirming refetches the session: once it says "on", the section shows so.
  if (enabled) body = <TurnedOn hasPassword={hasPassword} />;
  else if (setup) body = <SetupStep setup={setup} />;
  else
    body = (
      <>
        {!hasPassword && <p>{RECENT_SIGN_IN}</p>}
        <PasswordAction
          id="two-factor-enable-password"
          label="Set up two-factor"
          withPassword={hasPassword}
          busy={enable.isPending}
          onSubmit={(password, done) => enable.mutate({ password }, { onSuccess: (data) => (setSetup(data), done()) })}
        />
        <ActionStatus mutation={enable} pending="Preparing…" success="Scan the code below." />
      </>
    );
  return (
    <Section id="two-factor" title="Two-factor authentication" description="A second step after you sign in: a code from an app on your phone.">
      {body}
    </Section>
  );
}
