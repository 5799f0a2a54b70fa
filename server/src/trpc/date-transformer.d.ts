import type { TRPCDataTransformer } from "@trpc/server";
export declare const dateTransformer: TRPCDataTransformer;
