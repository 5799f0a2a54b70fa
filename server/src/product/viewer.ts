/** Who is asking the product's reads: the signed-in person and their session's active organization. */
export interface Viewer {
  userId: string;
  activeOrganizationId: string | null;
}
