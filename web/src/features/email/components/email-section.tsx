import { useState, type FormEvent, type ReactElement } from "react";
import type { WireUser } from "@gatehouse/auth-core/shared";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useChangeEmail } from "../api/change-email.js";
import { useSendVerificationEmail } from "../api/send-verification-email.js";

/** Email: verification state, send verification, change email (spec §4 change-email rules). */
export function EmailSection({ user }: { user: WireUser }): ReactElement {
  const [newEmail, setNewEmail] = useState("");
  const verify = useSendVerificationEmail();
  const change = useChangeEmail();

  function onChange(event: FormEvent): void {
    event.preventDefault();
    change.mutate({ newEmail: newEmail.trim() });
  }

  return (
    <Section id="email" title="Email">
      <p>
        <strong>{user.email}</strong> <span className={user.emailVerified ? "badge ok" : "badge warn"}>{user.emailVerified ? "Verified" : "Not verified"}</span>
      </p>
      {!user.emailVerified && (
        <div className="stack">
          <div className="actions">
            <button type="button" className="secondary" disabled={verify.isPending} onClick={() => verify.mutate({ email: user.email })}>
              Send verification email
            </button>
          </div>
          <ActionStatus mutation={verify} pending="Sending…" success={`A verification link is on its way to ${user.email}.`} />
        </div>
      )}
      <form className="stack" onSubmit={onChange}>
        <label htmlFor="email-new">New email address</label>
        <input id="email-new" name="newEmail" type="email" required autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
        <div className="actions">
          <button type="submit" disabled={change.isPending}>
            Change email
          </button>
        </div>
        <ActionStatus
          mutation={change}
          pending="Requesting the change…"
          success={user.emailVerified ? `Check ${user.email}: confirm the change from the link we sent.` : "Email changed. Check your inbox to verify it."}
        />
      </form>
    </Section>
  );
}
