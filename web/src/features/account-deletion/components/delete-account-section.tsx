import { useState, type FormEvent, type ReactElement } from "react";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useDeleteUser } from "../api/delete-user.js";

/**
 * Delete account. With a password it is immediate; without one the server needs a fresh
 * session, or mails a confirmation link when that is configured (spec §5, §7).
 */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }): ReactElement {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const remove = useDeleteUser();

  function onDelete(event: FormEvent): void {
    event.preventDefault();
    remove.mutate({ password: hasPassword ? password : undefined });
  }

  return (
    <Section id="delete-account" title="Delete account" description="Removes your account, its sessions, passkeys and linked accounts. This cannot be undone.">
      {!confirming ? (
        <div className="actions">
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Delete my account…
          </button>
        </div>
      ) : (
        <form className="stack" onSubmit={onDelete}>
          {hasPassword ? (
            <>
              <label htmlFor="delete-password">Your password</label>
              <input
                id="delete-password"
                type="password"
                required
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </>
          ) : (
            <p className="muted">If you signed in more than a short while ago, we email you a link to confirm instead.</p>
          )}
          <div className="actions">
            <button type="submit" className="danger" disabled={remove.isPending}>
              Delete account permanently
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
          <ActionStatus
            mutation={remove}
            pending="Deleting…"
            success={remove.data?.message === "Verification email sent" ? "Check your email: confirm the deletion from the link we sent." : "Account deleted."}
          />
        </form>
      )}
    </Section>
  );
}
