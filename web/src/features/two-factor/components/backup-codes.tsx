import { useState, type ReactElement } from "react";

/** Backup codes shown once: to copy or download now. */
export function BackupCodes({ codes }: { codes: string[] }): ReactElement {
  const [copied, setCopied] = useState(false);
  const text = `Gatehouse backup codes (each works once)\n\n${codes.join("\n")}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="stack">
      <p>
        <strong>Save these backup codes now.</strong> Each signs you in once if you lose your phone; they are not shown again.
      </p>
      <ul className="backup-codes" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button
          type="button"
          className="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy codes"}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            const link = document.createElement("a");
            link.href = download;
            link.download = "gatehouse-backup-codes.txt";
            link.click();
          }}
        >
          Download codes
        </button>
      </div>
    </div>
  );
}
