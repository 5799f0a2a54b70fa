import type { ReactElement } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc.js";
import { REMOTE_CALL_NETWORK_MODE } from "../../../lib/query-client.js";
import { useHealth } from "../api/get-health.js";

export interface BuildInfo {
  version: string;
  builtAt: string;
}

/** /about: version, build and server health (docs/design.md, Pages). */
export function AboutPage({ build }: { build: BuildInfo }): ReactElement {
  const health = useHealth();
  const trpc = useTRPC();
  const remote = useQuery({ ...trpc.health.queryOptions(), networkMode: REMOTE_CALL_NETWORK_MODE, throwOnError: false });
  return (
    <article className="page">
      <h1>About</h1>
      <p className="lead">Gatehouse: sign-in with Google, other providers and passkeys, and the security center for your account.</p>
      <section className="card" aria-labelledby="about-build">
        <h2 id="about-build">Build</h2>
        <dl className="facts">
          <dt>Version</dt>
          <dd>{build.version}</dd>
          <dt>Built</dt>
          <dd>{build.builtAt}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="about-health">
        <h2 id="about-health">Server health</h2>
        <dl className="facts">
          <dt>HTTP (/healthz)</dt>
          <dd data-testid="health-http">{health.isPending ? "checking…" : health.data?.ok ? `up (${health.data.latencyMs} ms)` : "unreachable"}</dd>
          <dt>Remote calls (/api/trpc)</dt>
          <dd data-testid="health-trpc">{remote.isPending ? "checking…" : remote.data?.ok ? "up" : "unreachable"}</dd>
        </dl>
        <div className="actions">
          <button
            type="button"
            className="secondary"
            onClick={() => {
              void health.refetch();
              void remote.refetch();
            }}
          >
            Check again
          </button>
        </div>
      </section>
    </article>
  );
}
