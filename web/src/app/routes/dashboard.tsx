import type { ReactElement } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useSession } from "../../features/auth/api/get-session.js";
import { getAccountsQueryOptions } from "../../features/accounts/api/list-accounts.js";
import { getPasskeysQueryOptions } from "../../features/passkeys/api/list-passkeys.js";
import { getSessionsQueryOptions } from "../../features/sessions/api/list-sessions.js";
import { getOrganizationsQueryOptions } from "../../features/organization/api/list-organizations.js";
import { useAuthClient } from "../../lib/auth-client.js";
import { formatDateTime } from "../../components/ui.js";

function count(query: { isPending: boolean; isError: boolean; data?: unknown[] }): string {
  if (query.isPending) return "…";
  if (query.isError || !query.data) return "unavailable";
  return String(query.data.length);
}

/** /dashboard: the signed-in person's account at a glance, from the real auth service. */
export function DashboardPage(): ReactElement {
  const session = useSession();
  const client = useAuthClient();
  // A tile that cannot load says so; it does not take the page down. Auth errors still reach
  // the Authentication Required screen through the query cache (spec §8).
  const sessions = useQuery({ ...getSessionsQueryOptions(client), throwOnError: false });
  const passkeys = useQuery({ ...getPasskeysQueryOptions(client), throwOnError: false });
  const accounts = useQuery({ ...getAccountsQueryOptions(client), throwOnError: false });
  const organizations = useQuery({ ...getOrganizationsQueryOptions(client), throwOnError: false });
  const activeOrganizationId = session.data?.session.activeOrganizationId ?? null;
  const active = organizations.data?.find((organization) => organization.id === activeOrganizationId) ?? null;
  const user = session.data?.user;
  return (
    <article className="page">
      <h1>Dashboard</h1>
      {user && (
        <p className="lead">
          Signed in as <strong>{user.name || user.email}</strong> ({user.email}) since {formatDateTime(session.data!.session.createdAt)}.
        </p>
      )}
      <div className="grid tiles">
        <section className="card tile" aria-labelledby="tile-email">
          <h2 id="tile-email">Email</h2>
          <p className="big">{user?.emailVerified ? "Verified" : "Not verified"}</p>
          <Link to="/settings#email">Manage email</Link>
        </section>
        <section className="card tile" aria-labelledby="tile-passkeys">
          <h2 id="tile-passkeys">Passkeys</h2>
          <p className="big">{count(passkeys)}</p>
          <Link to="/settings#passkeys">Manage passkeys</Link>
        </section>
        <section className="card tile" aria-labelledby="tile-accounts">
          <h2 id="tile-accounts">Linked accounts</h2>
          <p className="big">{count(accounts)}</p>
          <Link to="/settings#accounts">Manage linked accounts</Link>
        </section>
        <section className="card tile" aria-labelledby="tile-sessions">
          <h2 id="tile-sessions">Active sessions</h2>
          <p className="big">{count(sessions)}</p>
          <Link to="/settings#sessions">Manage sessions</Link>
        </section>
        <section className="card tile" aria-labelledby="tile-organizations">
          <h2 id="tile-organizations">Organizations</h2>
          <p className="big">{count(organizations)}</p>
          <p className="muted small">{active ? `Active: ${active.name}` : "No active organization"}</p>
        </section>
      </div>
      <section className="card" aria-labelledby="dash-planned">
        <h2 id="dash-planned">Coming here</h2>
        <p className="muted">Your recent security events will appear here once the service that lists them is built.</p>
      </section>
    </article>
  );
}
