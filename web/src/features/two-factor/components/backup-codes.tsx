import { richText } from "../../../components/ui.js";
import { useState, type ReactElement } from "react";
import { useTranslation } from "../../../lib/i18n.js";

/** Backup codes shown once: to copy or download now. */
export function BackupCodes({ codes }: { codes: string[] }): ReactElement {
  const [copied, setCopied] = useState(false);
  const { t } = useTranslation();
  const text = `${t("backupCodes.fileTitle")}\n\n${codes.join("\n")}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="stack">
      <p>
        {richText(t("backupCodes.save"), (text) => (
          <strong>{text}</strong>
        ))}
      </p>
      <ul className="backup-codes" aria-label={t("backupCodes.list")}>
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
          {copied ? t("backupCodes.copied") : t("backupCodes.copy")}
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
          {t("backupCodes.download")}
        </button>
      </div>
    </div>
  );
}
