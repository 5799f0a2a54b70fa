import { useState, type FormEvent, type ReactElement } from "react";
import { ActionStatus } from "../../../components/ui.js";
import { useCreateOrganization } from "../api/create-organization.js";
import { organizationActionError } from "../api/organization-request.js";

/** "Acme Research" → "acme-research": a suggestion the person may edit. */
function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64);
}

/** Name and slug; the server makes the creator the owner and the new organization active. */
export function CreateOrganizationForm({ idPrefix, onCreated }: { idPrefix: string; onCreated?: () => void }): ReactElement {
  const create = useCreateOrganization();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), slug: slug.trim() },
      {
        onSuccess: () => {
          setName("");
          setSlug("");
          setSlugEdited(false);
          onCreated?.();
        },
      },
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Create organization">
      <label htmlFor={`${idPrefix}-org-name`}>Organization name</label>
      <input
        id={`${idPrefix}-org-name`}
        value={name}
        maxLength={256}
        required
        onChange={(e) => {
          setName(e.target.value);
          if (!slugEdited) setSlug(slugFromName(e.target.value));
        }}
      />
      <label htmlFor={`${idPrefix}-org-slug`}>Slug</label>
      <input
        id={`${idPrefix}-org-slug`}
        value={slug}
        maxLength={128}
        required
        onChange={(e) => {
          setSlug(e.target.value);
          setSlugEdited(true);
        }}
      />
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          Create organization
        </button>
      </div>
      <ActionStatus mutation={create} pending="Creating…" success="Organization created." errorMessage={organizationActionError} />
    </form>
  );
}
