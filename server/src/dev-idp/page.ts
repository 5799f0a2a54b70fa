import type { OIDCPerson } from "@gatehouse/auth-core/testing";

function escapeHTML(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The development provider's sign-in page: pick a test person or create one. Stable names and
 * labels (data-testid) so browser tests can drive it.
 */
export interface SignInPageNames {
  /** The application asking ("Gatehouse"). */
  clientName: string;
  /** The provider this sign-in stands in for ("Google", "GitHub"). */
  providerName: string;
}

export function renderSignInPage(uid: string, names: SignInPageNames, people: OIDCPerson[]): string {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  const rows = people
    .map(
      (p) => `<li><form method="post" action="${action}/login">
<input type="hidden" name="sub" value="${escapeHTML(p.sub)}">
<button type="submit" data-testid="pick-person" data-email="${escapeHTML(p.email ?? "")}">Continue as <strong>${escapeHTML(p.name ?? "(no name)")}</strong>
<span>${escapeHTML(p.email ?? "(no email)")} · ${p.emailVerified ? "verified" : "not verified"}</span></button></form></li>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1f2933;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002;padding:2rem;max-width:30rem;width:100%}
ul{list-style:none;padding:0}li{margin:.5rem 0}button{width:100%;text-align:left;padding:.6rem .8rem;border:1px solid #ccd;border-radius:8px;background:#fff;cursor:pointer}
button span{display:block;color:#667;font-size:.85rem}label{display:block;margin:.5rem 0}input[type=email],input[type=text]{width:100%;padding:.4rem;box-sizing:border-box}
.note{color:#667;font-size:.85rem}</style></head>
<body><main>
<h1>Development sign-in</h1>
<p class="note">This is the local development identity provider standing in for ${escapeHTML(names.providerName)}, for <strong>${escapeHTML(names.clientName)}</strong>. No real ${escapeHTML(names.providerName)} account is used.</p>
<h2>Pick a test person</h2>
<ul>${rows}</ul>
<h2>Or create one</h2>
<form method="post" action="${action}/login" data-testid="create-person">
<label>Email <input type="email" name="email" required></label>
<label>Name <input type="text" name="name"></label>
<label><input type="checkbox" name="emailVerified" value="on" checked> Email verified</label>
<button type="submit">Create and continue</button>
</form>
<form method="post" action="${action}/abort"><button type="submit" data-testid="cancel">Cancel</button></form>
</main></body></html>`;
}
