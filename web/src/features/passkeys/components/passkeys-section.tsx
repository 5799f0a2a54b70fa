import { useState, type FormEvent, type ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { passkeyErrorMessage } from "../../../lib/sign-in-errors.js";
import { useAddPasskey } from "../api/add-passkey.js";
import { useDeletePasskey } from "../api/delete-passkey.js";
import { usePasskeys, type PasskeyView } from "../api/list-passkeys.js";
import { useRenamePasskey } from "../api/rename-passkey.js";

interface PasskeyRowProps {
  passkey: PasskeyView;
  onDelete: (id: string) => void;
  deleting: boolean;
}

function PasskeyRow({ passkey, onDelete, deleting }: PasskeyRowProps): ReactElement {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name ?? "");
  const rename = useRenamePasskey();
  const label = passkey.name || "Unnamed passkey";

  function onRename(event: FormEvent): void {
    event.preventDefault();
    rename.mutate({ id: passkey.id, name: name.trim() }, { onSuccess: () => setEditing(false) });
  }

  return (
    <li className="item">
      {editing ? (
        <form className="row" onSubmit={onRename}>
          <label className="visually-hidden" htmlFor={`passkey-name-${passkey.id}`}>
            Passkey name
          </label>
          <input id={`passkey-name-${passkey.id}`} value={name} maxLength={255} onChange={(e) => setName(e.target.value)} autoFocus />
          <button type="submit" disabled={rename.isPending}>
            Save
          </button>
          <button type="button" className="secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="row">
          <div className="grow">
            <strong>{label}</strong>
            <div className="muted small">
              Added {formatDateTime(passkey.createdAt)} · {passkey.backedUp ? "synced" : "this device only"}
            </div>
          </div>
          <button type="button" className="secondary" onClick={() => setEditing(true)} aria-label={`Rename ${label}`}>
            Rename
          </button>
          <ConfirmButton
            label="Delete"
            ariaLabel={`Delete ${label}`}
            disabled={deleting}
            title={`Delete the passkey ${label}?`}
            confirmLabel="Delete passkey"
            onConfirm={() => onDelete(passkey.id)}
          >
            <p>It can no longer sign you in. The copy on your device stays there until you remove it in the device's settings.</p>
          </ConfirmButton>
        </div>
      )}
      <ActionStatus mutation={rename} pending="Renaming…" success="Passkey renamed." />
    </li>
  );
}

/** Passkeys: add with a name, rename, delete (spec §7 passkey calls). */
export function PasskeysSection(): ReactElement {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  // The status lives here: a deleted row disappears from the list.
  const remove = useDeletePasskey();
  const [name, setName] = useState("");

  function onAdd(event: FormEvent): void {
    event.preventDefault();
    add.mutate({ name: name.trim() }, { onSuccess: () => setName("") });
  }

  return (
    <Section id="passkeys" title="Passkeys" description="Sign in with your fingerprint, face or device PIN instead of a password.">
      {passkeys.isPending ? (
        <p role="status">Loading passkeys…</p>
      ) : passkeys.data && passkeys.data.length > 0 ? (
        <ul className="list" aria-label="Your passkeys">
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} deleting={remove.isPending} onDelete={(id) => remove.mutate({ id })} />
          ))}
        </ul>
      ) : (
        <p className="muted">No passkeys yet.</p>
      )}
      <ActionStatus mutation={remove} pending="Deleting…" success="Passkey deleted." />
      <form className="stack" onSubmit={onAdd}>
        <label htmlFor="passkey-new-name">Name for the new passkey</label>
        <input id="passkey-new-name" name="name" maxLength={255} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Work laptop" />
        <div className="actions">
          <button type="submit" disabled={add.isPending}>
            Add passkey
          </button>
        </div>
        <ActionStatus
          mutation={add}
          pending="Follow your browser's prompt…"
          success="Passkey added."
          errorMessage={(e) => passkeyErrorMessage(e, "registration")}
        />
      </form>
    </Section>
  );
}
