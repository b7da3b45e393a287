import QRCode from "qrcode";
import { groupedSecret, otpauthUri } from "./totp.server";

/** What an enrollment form shows of a TOTP secret (components/admin/totp-enrollment.tsx). */
export interface EnrollmentView {
  uri: string;
  /** The otpauth:// URI as an SVG QR code, drawn here on the server: no JavaScript needed to scan it. */
  qrSvg: string;
  /** The secret in groups of four, for typing it by hand. */
  grouped: string;
}

/** The enrollment of `secret` under `accountName` (the label the authenticator app shows). */
export async function enrollmentView(secret: string, accountName: string): Promise<EnrollmentView> {
  const uri = otpauthUri(secret, accountName);
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M", color: { dark: "#17161c", light: "#ffffff" } });
  return { uri, qrSvg, grouped: groupedSecret(secret) };
}
