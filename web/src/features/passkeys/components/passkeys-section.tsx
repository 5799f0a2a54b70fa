import { useState, type FormEvent, type ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { passkeyErrorMessage } from "../../../lib/sign-in-errors.js";
import { useAddPasskey } from "../api/add-passkey.js";
import { useDeletePasskey } from "../api/delete-passkey.js";
import { usePasskeys, type PasskeyView } from "../api/list-passkeys.js";
import { useRenamePasskey } from "../api/rename-passkey.js";
import { useTranslation } from "../../../lib/i18n.js";

interface PasskeyRowProps {
  passkey: PasskeyView;
  onDelete: (id: string) => void;
  deleting: boolean;
}

function PasskeyRow({ passkey, onDelete, deleting }: PasskeyRowProps): ReactElement {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name ?? "");
  const rename = useRenamePasskey();
  const { t } = useTranslation();
  // A passkey added before new ones were named (issue 48) has none: "Passkey", as the server names one it knows nothing of.
  const label = passkey.name || t("passkeys.unnamed");

  function onRename(event: FormEvent): void {
    event.preventDefault();
    rename.mutate({ id: passkey.id, name: name.trim() }, { onSuccess: () => setEditing(false) });
  }

  return (
    <li className="item">
      {editing ? (
        <form className="row" onSubmit={onRename}>
          <label className="visually-hidden" htmlFor={`passkey-name-${passkey.id}`}>
            {t("passkeys.name")}
          </label>
          <input id={`passkey-name-${passkey.id}`} value={name} maxLength={255} onChange={(e) => setName(e.target.value)} autoFocus />
          <button type="submit" disabled={rename.isPending}>
            {t("common.save")}
          </button>
          <button type="button" className="secondary" onClick={() => setEditing(false)}>
            {t("common.cancel")}
          </button>
        </form>
      ) : (
        <div className="row">
          <div className="grow">
            <strong>{label}</strong>
            <div className="muted small">
              {t("passkeys.added", { date: formatDateTime(passkey.createdAt) })} · {passkey.backedUp ? t("passkeys.synced") : t("passkeys.deviceOnly")}
            </div>
          </div>
          <button type="button" className="secondary" onClick={() => setEditing(true)} aria-label={t("passkeys.renameNamed", { name: label })}>
            {t("passkeys.rename")}
          </button>
          <ConfirmButton
            label={t("common.delete")}
            ariaLabel={t("passkeys.deleteNamed", { name: label })}
            disabled={deleting}
            title={t("passkeys.delete.title", { name: label })}
            confirmLabel={t("passkeys.delete.confirm")}
            onConfirm={() => onDelete(passkey.id)}
          >
            <p>{t("passkeys.delete.body")}</p>
          </ConfirmButton>
        </div>
      )}
      <ActionStatus mutation={rename} pending={t("passkeys.renaming")} success={t("passkeys.renamed")} />
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
  const { t } = useTranslation();

  function onAdd(event: FormEvent): void {
    event.preventDefault();
    add.mutate({ name: name.trim() }, { onSuccess: () => setName("") });
  }

  return (
    <Section id="passkeys" title={t("passkeys.heading")} description={t("passkeys.description")}>
      {passkeys.isPending ? (
        <p role="status">{t("passkeys.loading")}</p>
      ) : passkeys.data && passkeys.data.length > 0 ? (
        <ul className="list" aria-label={t("passkeys.list")}>
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} deleting={remove.isPending} onDelete={(id) => remove.mutate({ id })} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t("passkeys.empty")}</p>
      )}
      <ActionStatus mutation={remove} pending={t("common.deleting")} success={t("passkeys.deleted")} />
      <form className="stack" onSubmit={onAdd}>
        <label htmlFor="passkey-new-name">{t("passkeys.newName")}</label>
        <input
          id="passkey-new-name"
          name="name"
          maxLength={255}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t("passkeys.newName.placeholder")}
        />
        <div className="actions">
          <button type="submit" disabled={add.isPending}>
            {t("passkeys.add")}
          </button>
        </div>
        <ActionStatus
          mutation={add}
          pending={t("passkeys.adding")}
          success={t("passkeys.addedNotice")}
          errorMessage={(e) => passkeyErrorMessage(e, "registration", (key) => t(`auth.${key}`))}
        />
      </form>
    </Section>
  );
}
