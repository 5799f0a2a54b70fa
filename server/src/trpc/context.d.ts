import type { Auth, WireSessionResult } from "@gatehouse/auth-core";
export interface TRPCContext {
    auth: Auth;
    session: WireSessionResult | null;
}
/** Plain inputs: what tests use. */
export declare function createContextInner(input: TRPCContext): TRPCContext;
/** Reads the session from the request's cookie through auth-core's in-process door. */
export declare function createContext(auth: Auth, request: Request): Promise<TRPCContext>;
