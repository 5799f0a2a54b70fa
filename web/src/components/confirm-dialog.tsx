import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";
import { useTranslation } from "../lib/i18n.js";
import { richText } from "./ui.js";

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. "Delete the team Design?" */
  title: string;
  /** What will happen, in words: who loses what, whether it can be undone. */
  children: ReactNode;
  /** The confirming button's words, naming the action ("Delete team"); never just "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button (default true: the dialog guards destructive actions). */
  destructive?: boolean;
  /**
   * When set, the confirm button stays disabled until this exact text is typed (e.g. the
   * organization's name before deleting it).
   */
  typeToConfirm?: string;
  /** Called once confirmed, with the dialog's form (fields in `children`, such as a ban's reason). */
  onConfirm: (form: FormData) => void;
  /** Cancel button, Escape, or a click on the backdrop. */
  onCancel: () => void;
}

/**
 * @public Shared UI: for a confirmation not started by one button (ConfirmButton covers that).
 *
 * The one confirmation for destructive actions, on the native modal <dialog>: the rest
 * of the page is inert while it is open, focus moves to Cancel (the safe choice), Escape cancels,
 * and on closing focus goes back to the control that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  destructive = true,
  typeToConfirm,
  onConfirm,
  onCancel,
}: ConfirmDialogProps): ReactElement {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const { t } = useTranslation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setTyped("");
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
      (typeToConfirm === undefined ? cancelRef.current : dialog.querySelector<HTMLInputElement>("input"))?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
      returnFocus.current?.focus();
      returnFocus.current = null;
    }
  }, [open, typeToConfirm]);

  const confirmable = typeToConfirm === undefined || typed.trim() === typeToConfirm;
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      // Escape: the browser fires "cancel"; the owner decides (and closes through `open`).
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onCancel();
        }
      }}
      onClick={(event) => {
        if (event.target === ref.current) onCancel();
      }}
    >
      {open && (
        <form
          method="dialog"
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmable) onConfirm(new FormData(event.currentTarget));
          }}
        >
          <h2 id={titleId}>{title}</h2>
          <div id={bodyId} className="confirm-dialog-body">
            {children}
          </div>
          {typeToConfirm !== undefined && (
            <>
              <label htmlFor={inputId}>
                {richText(t("confirm.typeToConfirm", { text: typeToConfirm }), (text) => (
                  <strong>{text}</strong>
                ))}
              </label>
              <input id={inputId} type="text" autoComplete="off" spellCheck={false} value={typed} onChange={(e) => setTyped(e.target.value)} />
            </>
          )}
          <div className="actions">
            <button ref={cancelRef} type="button" className="secondary" onClick={onCancel}>
              {cancelLabel ?? t("common.cancel")}
            </button>
            <button type="submit" className={destructive ? "danger-solid" : undefined} disabled={!confirmable}>
              {confirmLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

export interface ConfirmButtonProps extends Omit<ConfirmDialogProps, "open" | "onCancel"> {
  /** The trigger's text. */
  label: ReactNode;
  /** The trigger's accessible name when the text alone is not enough ("Remove Ada Lovelace"). */
  ariaLabel?: string;
  className?: string;
  disabled?: boolean;
}

/** A button that asks first: the action runs only after the dialog's confirm button. */
export function ConfirmButton({ label, ariaLabel, className = "danger", disabled, onConfirm, ...dialog }: ConfirmButtonProps): ReactElement {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} disabled={disabled} aria-label={ariaLabel} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmDialog
        {...dialog}
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={(form) => {
          setOpen(false);
          onConfirm(form);
        }}
      />
    </>
  );
}
