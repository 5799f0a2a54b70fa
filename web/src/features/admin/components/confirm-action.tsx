import "./admin.css";
import { useId, useRef, type FormEvent, type ReactElement, type ReactNode } from "react";

export interface ConfirmActionProps {
  /** The button that opens the dialog. */
  label: string;
  /** The dialog's heading and its confirm button. */
  title: string;
  confirmLabel: string;
  children: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  /** Called with the dialog's form (fields such as a ban reason) when confirmed. */
  onConfirm: (form: FormData) => void;
}

/**
 * An admin action behind a confirmation: a modal <dialog> (focus moves into it, Escape closes
 * it, focus returns to the button) that says what will happen before it happens.
 */
export function ConfirmAction({ label, title, confirmLabel, children, danger, disabled, onConfirm }: ConfirmActionProps): ReactElement {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    dialog.current?.close();
    onConfirm(form);
  };
  return (
    <>
      <button type="button" className={danger ? "danger" : "secondary"} disabled={disabled} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={headingId}>
        <form method="dialog" onSubmit={submit}>
          <h2 id={headingId}>{title}</h2>
          {children}
          <div className="actions">
            <button type="submit" className={danger ? "danger" : undefined}>
              {confirmLabel}
            </button>
            <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
