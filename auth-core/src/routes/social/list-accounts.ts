import { defineEndpoint } from "../../endpoint.js";
import { findAccountsByUserId } from "../../store/account-store.js";
import type { AccountRow } from "../../store/database.js";

/** Spec §3: a linked account as listed to the client. Tokens and password never leave. */
export interface WireLinkedAccount {
  id: string;
  providerId: string;
  createdAt: string;
  updatedAt: string;
  accountId: string;
  scopes: string[];
}

function toWireLinkedAccount(row: AccountRow): WireLinkedAccount {
  return {
    id: row.id,
    providerId: row.providerId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    accountId: row.accountId,
    scopes: row.scope ? row.scope.split(",").filter(Boolean) : [],
  };
}

export const listAccounts = defineEndpoint({
  name: "listUserAccounts",
  method: "GET",
  path: "/list-accounts",
  session: "required",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, session }): Promise<WireLinkedAccount[]> {
    return (await findAccountsByUserId(ctx.db, session.user.id)).map(toWireLinkedAccount);
  },
});
