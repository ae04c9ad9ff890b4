import { lazy, Suspense } from 'react';
import styles from './billing.module.css';

// qrcode.react (~6 KB gzip) loads only when a charge is shown as a QR code (docs/decisions/code-splitting.md).
const QRCodeSVG = lazy(() => import('qrcode.react').then(({ QRCodeSVG: svg }) => ({ default: svg })));

export type ChargeQrProps = { url: string; size?: number };

/** The hosted charge link as a QR code, to pay from a phone wallet while looking at a larger screen. */
export const ChargeQr = ({ url, size = 132 }: ChargeQrProps) => (
  <div className={styles.qr} role="img" aria-label="QR code of the payment link">
    {/* The same square while the code loads, so nothing moves when it appears. */}
    <Suspense fallback={<span style={{ width: size, height: size }} />}>
      <QRCodeSVG value={url} size={size} marginSize={0} level="M" title="Payment link QR code" />
    </Suspense>
  </div>
);
