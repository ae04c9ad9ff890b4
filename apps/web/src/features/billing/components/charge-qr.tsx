import { QRCodeSVG } from 'qrcode.react';
import styles from './billing.module.css';

export type ChargeQrProps = { url: string; size?: number };

/** The hosted charge link as a QR code, to pay from a phone wallet while looking at a larger screen. */
export const ChargeQr = ({ url, size = 132 }: ChargeQrProps) => (
  <div className={styles.qr} role="img" aria-label="QR code of the payment link">
    <QRCodeSVG value={url} size={size} marginSize={0} level="M" title="Payment link QR code" />
  </div>
);
