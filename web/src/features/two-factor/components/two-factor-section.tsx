import { useState, type FormEvent, type ReactElement } from "react";
import { ActionStatus, Section } from "../../../components/ui.js";
import { AuthRequestError } from "../../../lib/auth-errors.js";
import { useForgetTrustedDevices } from "../api/forget-trusted-devices.js";
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor, useRegenerateBackupCodes, type EnabledTwoFactor } from "../api/manage-two-factor.js";
import { BackupCodes } from "./backup-codes.js";
import { PasswordAction } from "./password-action.js";
import { QRCode } from "./qr-code.js";
import { useTranslation } from "../../../lib/i18n.js";
import { translate } from "../../../components/ui.js";

/** The key an app asks for when typed in by hand: the URI's secret, in groups of four. */
function setupKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

function codeErrorMessage(error: unknown): string {
  if (error instanceof AuthRequestError && error.code === "INVALID_CODE") return translate("twoFactor.wrongCode");
  return error instanceof Error && error.message ? error.message : translate("auth.generic");
}

function SetupStep({ setup }: { setup: EnabledTwoFactor }): ReactElement {
  const [code, setCode] = useState("");
  const confirm = useConfirmTwoFactor();
  const { t } = useTranslation();
  function submit(event: FormEvent): void {
    event.preventDefault();
    confirm.mutate({ code: code.trim() });
  }
  return (
    <div className="stack">
      <p>{t("twoFactor.setup.scan")}</p>
      <QRCode value={setup.totpURI} label={t("twoFactor.setup.qr")} />
      <p>
        {t("twoFactor.setup.key")} <code data-testid="totp-secret">{setupKey(setup.totpURI)}</code>
      </p>
      <BackupCodes codes={setup.backupCodes} />
      <form className="stack" onSubmit={submit}>
        <label htmlFor="two-factor-confirm-code">{t("twoFactor.setup.code")}</label>
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
            {t("twoFactor.turnOn")}
          </button>
        </div>
        <ActionStatus mutation={confirm} pending={t("twoFactor.checking")} success={t("twoFactor.isOn")} errorMessage={codeErrorMessage} />
      </form>
    </div>
  );
}

/** Said where a person without a password meets an action that would otherwise ask for it. */

function TurnedOn({ hasPassword }: { hasPassword: boolean }): ReactElement {
  const regenerate = useRegenerateBackupCodes();
  const disable = useDisableTwoFactor();
  const forget = useForgetTrustedDevices();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p>
        <span className="badge ok">{t("twoFactor.on")}</span> {t("twoFactor.onText")}
      </p>
      {!hasPassword && <p>{t("twoFactor.recentSignIn")}</p>}
      <h3>{t("twoFactor.backup.heading")}</h3>
      <PasswordAction
        id="two-factor-regenerate-password"
        label={t("twoFactor.backup.make")}
        withPassword={hasPassword}
        busy={regenerate.isPending}
        onSubmit={(password, done) => regenerate.mutate({ password }, { onSuccess: (data) => (setCodes(data.backupCodes), done()) })}
      />
      <ActionStatus mutation={regenerate} pending={t("twoFactor.backup.making")} success={t("twoFactor.backup.made")} />
      {codes && <BackupCodes codes={codes} />}
      <h3>{t("twoFactor.trusted.heading")}</h3>
      <div className="actions">
        <button type="button" className="secondary" disabled={forget.isPending} onClick={() => forget.mutate()}>
          {t("twoFactor.trusted.forget")}
        </button>
      </div>
      <ActionStatus mutation={forget} pending={t("twoFactor.trusted.forgetting")} success={t("twoFactor.trusted.forgotten")} />
      <h3>{t("twoFactor.off.heading")}</h3>
      <PasswordAction
        id="two-factor-disable-password"
        label={t("twoFactor.turnOff")}
        withPassword={hasPassword}
        danger
        confirm={{ title: t("twoFactor.off.title"), body: t("twoFactor.off.body") }}
        busy={disable.isPending}
        onSubmit={(password, done) => disable.mutate({ password }, { onSuccess: done })}
      />
      <ActionStatus mutation={disable} pending={t("twoFactor.off.pending")} success={t("twoFactor.off.done")} />
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
  const { t } = useTranslation();
  let body: ReactElement;
  // Confirming refetches the session: once it says "on", the section shows so.
  if (enabled) body = <TurnedOn hasPassword={hasPassword} />;
  else if (setup) body = <SetupStep setup={setup} />;
  else
    body = (
      <>
        {!hasPassword && <p>{t("twoFactor.recentSignIn")}</p>}
        <PasswordAction
          id="two-factor-enable-password"
          label={t("twoFactor.setUp")}
          withPassword={hasPassword}
          busy={enable.isPending}
          onSubmit={(password, done) => enable.mutate({ password }, { onSuccess: (data) => (setSetup(data), done()) })}
        />
        <ActionStatus mutation={enable} pending={t("twoFactor.preparing")} success={t("twoFactor.scanBelow")} />
      </>
    );
  return (
    <Section id="two-factor" title={t("twoFactor.heading")} description={t("twoFactor.description")}>
      {body}
    </Section>
  );
}
