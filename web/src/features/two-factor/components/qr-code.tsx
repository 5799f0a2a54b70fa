import { useEffect, useState, type ReactElement } from "react";
import { useTranslation } from "../../../lib/i18n.js";

/** The otpauth URI as a QR code (the qrcode library, loaded with the setup step), for the phone's camera. */
export function QRCode({ value, label }: { value: string; label: string }): ReactElement {
  const [image, setImage] = useState<string | null>(null);
  const { t } = useTranslation();
  useEffect(() => {
    let active = true;
    void import("qrcode").then(async ({ toDataURL }) => {
      const url = await toDataURL(value, { margin: 1, width: 192, errorCorrectionLevel: "M" });
      if (active) setImage(url);
    });
    return () => {
      active = false;
    };
  }, [value]);
  if (!image) return <p role="status">{t("twoFactor.setup.drawing")}</p>;
  return <img className="qr-code" src={image} width={192} height={192} alt={label} />;
}
