import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../lib/trpc.js";

// Inferred from the procedures (server/src/trpc/routers/audit.ts): one source for the shapes.
type Outputs = inferRouterOutputs<AppRouter>["audit"];
type Inputs = inferRouterInputs<AppRouter>["audit"];

export type AuditOverview = Outputs["overview"];
export type AuditEventView = AuditOverview["recent"][number];
export type AuditEventsInput = Inputs["events"];
export type AuditAnalytics = Outputs["analytics"];
export type AuditAnalyticsInput = Inputs["analytics"];
export type AuditScope = AuditEventsInput["scope"];
