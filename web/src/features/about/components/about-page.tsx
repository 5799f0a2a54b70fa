import type { ReactElement } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc.js";
import { REMOTE_CALL_NETWORK_MODE } from "../../../lib/query-client.js";
import { useHealth } from "../api/get-health.js";
import { useTranslation } from "../../../lib/i18n.js";
import { useBrand } from "../../../lib/shell-config.js";

export interface BuildInfo {
  version: string;
  builtAt: string;
}

/** /about: version, build and server health (docs/design.md, Pages). */
export function AboutPage({ build }: { build: BuildInfo }): ReactElement {
  const health = useHealth();
  const trpc = useTRPC();
  const remote = useQuery({ ...trpc.health.queryOptions(), networkMode: REMOTE_CALL_NETWORK_MODE, throwOnError: false });
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <article className="page">
      <h1>{t("about.heading")}</h1>
      <p className="lead">{t("about.lead", { app: brand.name })}</p>
      <section className="card" aria-labelledby="about-build">
        <h2 id="about-build">{t("about.build")}</h2>
        <dl className="facts">
          <dt>{t("about.version")}</dt>
          <dd>{build.version}</dd>
          <dt>{t("about.built")}</dt>
          <dd>{build.builtAt}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="about-health">
        <h2 id="about-health">{t("about.health")}</h2>
        <dl className="facts">
          <dt>HTTP (/healthz)</dt>
          <dd data-testid="health-http">
            {health.isPending ? t("about.checking") : health.data?.ok ? t("about.upIn", { ms: health.data.latencyMs }) : t("about.unreachable")}
          </dd>
          <dt>{t("about.remoteCalls")}</dt>
          <dd data-testid="health-trpc">{remote.isPending ? t("about.checking") : remote.data?.ok ? t("about.up") : t("about.unreachable")}</dd>
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
            {t("about.checkAgain")}
          </button>
        </div>
      </section>
    </article>
  );
}
