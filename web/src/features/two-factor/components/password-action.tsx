import { useState, type FormEvent, type ReactElement } from "react";

export interface PasswordActionProps {
  id: string;
  label: string;
  busy: boolean;
  danger?: boolean;
  onSubmit: (password: string, done: () => void) => void;
}

/** One action behind the account's password (enable, regenerate, disable). */
export function PasswordAction({ id, label, busy, danger, onSubmit }: PasswordActionProps): ReactElement {
  const [password, setPassword] = useState("");
  function submit(event: FormEvent): void {
    event.preventDefault();
    onSubmit(password, () => setPassword(""));
  }
  return (
    <form className="stack" onSubmit={submit}>
      <label htmlFor={id}>Password</label>
      <input id={id} type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <div className="actions">
        <button type="submit" className={danger ? "danger" : undefined} disabled={busy}>
          {label}
        </button>
      </div>
    </form>
  );
}
