import { lookup } from "node:dns/promises";

/** Enterprise sign-in (docs/enterprise-sso.md): always on; these only tune it. */
export interface SsoOptions {
  sso?: {
    /**
     * The resolvers that domain-verification TXT lookups go to (`host:port`), and only these;
     * default: the system's. The server reads DNS_SERVERS into it.
     */
    dnsServers?: string[];
    /** Seconds a DNS lookup may take before the verification fails; default 5. */
    dnsTimeoutSeconds?: number;
    /**
     * The addresses of a host name, for the rule that an identity provider's URLs are on a public
     * host; default: the system's resolver (every address it answers must be public).
     */
    resolveHost?: (hostname: string) => Promise<string[]>;
  };
}

export interface ResolvedSsoOptions {
  dnsServers: string[] | null;
  dnsTimeoutMs: number;
  resolveHost: (hostname: string) => Promise<string[]>;
}

async function systemResolveHost(hostname: string): Promise<string[]> {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

export function resolveSsoOptions(options: SsoOptions): ResolvedSsoOptions {
  const servers = options.sso?.dnsServers?.filter((server) => server.trim() !== "") ?? [];
  return {
    dnsServers: servers.length > 0 ? servers : null,
    dnsTimeoutMs: (options.sso?.dnsTimeoutSeconds ?? 5) * 1000,
    resolveHost: options.sso?.resolveHost ?? systemResolveHost,
  };
}
