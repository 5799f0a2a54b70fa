/** The session as the web app sees it over tRPC: dates as Date, no session token. */
export interface SessionView {
    user: {
        id: string;
        email: string;
        name: string;
        image: string | null;
        emailVerified: boolean;
        createdAt: Date;
        updatedAt: Date;
    };
    session: {
        id: string;
        userId: string;
        expiresAt: Date;
        createdAt: Date;
        updatedAt: Date;
        ipAddress: string | null;
        userAgent: string | null;
    };
}
export declare const appRouter: import("@trpc/server").TRPCBuiltRouter<{
    ctx: import("../context.js").TRPCContext;
    meta: object;
    errorShape: import("@trpc/server").TRPCDefaultErrorShape;
    transformer: true;
}, import("@trpc/server").TRPCDecorateCreateRouterOptions<{
    health: import("@trpc/server").TRPCQueryProcedure<{
        input: void;
        output: {
            ok: boolean;
        };
        meta: object;
        errorShape: import("@trpc/server").TRPCDefaultErrorShape;
    }>;
    auth: import("@trpc/server").TRPCBuiltRouter<{
        ctx: import("../context.js").TRPCContext;
        meta: object;
        errorShape: import("@trpc/server").TRPCDefaultErrorShape;
        transformer: true;
    }, import("@trpc/server").TRPCDecorateCreateRouterOptions<{
        /** Spec §7: the auth session query returns user and session. */
        session: import("@trpc/server").TRPCQueryProcedure<{
            input: void;
            output: SessionView;
            meta: object;
            errorShape: import("@trpc/server").TRPCDefaultErrorShape;
        }>;
    }>>;
}>>;
export type AppRouter = typeof appRouter;
