import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc.js";

/** Every browser trusted to skip the second step must answer it again (remote call account.forgetTrustedDevices). */
// The result type is inferred from the procedure.
export function useForgetTrustedDevices() {
  const trpc = useTRPC();
  return useMutation(trpc.account.forgetTrustedDevices.mutationOptions());
}
