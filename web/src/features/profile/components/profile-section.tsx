import { useState, type FormEvent, type ReactElement } from "react";
import type { WireUser } from "@gatehouse/auth-core/shared";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useUpdateUser } from "../api/update-user.js";
import { useTranslation } from "../../../lib/i18n.js";

/** Profile: name and image (POST /update-user). */
export function ProfileSection({ user }: { user: WireUser }): ReactElement {
  const [name, setName] = useState(user.name);
  const [image, setImage] = useState(user.image ?? "");
  const update = useUpdateUser();
  const [blankName, setBlankName] = useState(false);
  const { t } = useTranslation();

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    // Issue 48: a name of spaces was ignored by the server and still read "Profile saved.".
    if (name.trim() === "") {
      update.reset();
      setBlankName(true);
      return;
    }
    setBlankName(false);
    update.mutate({ name: name.trim(), image: image.trim() === "" ? null : image.trim() });
  }

  return (
    <Section id="profile" title={t("profile.heading")} description={t("profile.description")}>
      <form className="stack" onSubmit={onSubmit}>
        <div className="row">
          {user.image && <img className="avatar" src={user.image} alt="" width={48} height={48} />}
          <div className="grow stack">
            <label htmlFor="profile-name">{t("profile.name")}</label>
            <input
              id="profile-name"
              name="name"
              required
              maxLength={256}
              value={name}
              aria-invalid={blankName || undefined}
              aria-describedby={blankName ? "profile-name-error" : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            {blankName && (
              <p id="profile-name-error" className="notice error" role="alert">
                {t("profile.blankName")}
              </p>
            )}
          </div>
        </div>
        <label htmlFor="profile-image">{t("profile.image")}</label>
        <input id="profile-image" name="image" type="url" value={image} onChange={(e) => setImage(e.target.value)} placeholder="https://…" />
        <div className="actions">
          <button type="submit" disabled={update.isPending}>
            {t("profile.save")}
          </button>
        </div>
        <ActionStatus mutation={update} pending={t("common.saving")} success={t("profile.saved")} />
      </form>
    </Section>
  );
}
