/**
 * Organization slugs: lowercase letters, digits and single hyphens, 2 to 48 long,
 * starting and ending with a letter or digit. One rule for the server (create, update,
 * check-slug) and the web app's form, which proposes a slug from the name.
 */
export const ORGANIZATION_SLUG_MIN = 2;
export const ORGANIZATION_SLUG_MAX = 48;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidOrganizationSlug(slug: string): boolean {
  return slug.length >= ORGANIZATION_SLUG_MIN && slug.length <= ORGANIZATION_SLUG_MAX && SLUG_PATTERN.test(slug);
}

/** "Acme Widgets & Co." → "acme-widgets-co": a proposal the person may edit (may still be too short). */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, ORGANIZATION_SLUG_MAX)
    .replace(/^-+|-+$/g, "");
}
