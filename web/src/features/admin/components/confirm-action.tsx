import type { ReactElement, ReactNode } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";

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
 * An admin action behind the app's one confirmation (components/confirm-dialog.tsx, issue 48:
 * the console had a dialog of its own, its buttons the other way round): what will happen is
 * said before it happens; Cancel first and focused, Escape cancels.
 */
export function ConfirmAction({ label, title, confirmLabel, children, danger = false, disabled, onConfirm }: ConfirmActionProps): ReactElement {
  return (
    <ConfirmButton
      label={label}
      className={danger ? "danger" : "secondary"}
      disabled={disabled}
      title={title}
      confirmLabel={confirmLabel}
      destructive={danger}
      onConfirm={onConfirm}
    >
      {children}
    </ConfirmButton>
  );
}
