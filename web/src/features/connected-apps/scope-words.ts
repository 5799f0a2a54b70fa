import { translate } from "../../components/ui.js";
import { shellConfig } from "../../lib/shell-config.js";

/** What each scope lets an app do, in words (the consent screen and Connected apps never show raw scope names). */
export function scopeInWords(scope: string): string {
  const app = shellConfig().brand.name;
  switch (scope) {
    case "openid":
      return translate("scope.openid", { app });
    case "profile":
      return translate("scope.profile");
    case "email":
      return translate("scope.email");
    case "offline_access":
      return translate("scope.offline_access");
    default:
      return translate("scope.other", { scope });
  }
}
