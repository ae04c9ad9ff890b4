import { DISCOUNT_CODE_KINDS, type TDiscountCode } from '@cdca/contracts';
import { FlaskConical, Gem, GraduationCap, Handshake, type LucideIcon, Rocket } from 'lucide-react';
import styles from './billing.module.css';

const ICONS: Record<TDiscountCode, LucideIcon> = {
  LaunchSpecial: Rocket,
  PartnerReferral: Handshake,
  AcademyReferral: GraduationCap,
  BetaTesterSpecial: FlaskConical,
  PrimordiumSpecial: Gem,
};

export type DiscountLogoProps = { code: TDiscountCode; size?: number };

/** Each discount code's logo: its own colour (by kind, docs/product.md §3) and symbol. */
export const DiscountLogo = ({ code, size = 40 }: DiscountLogoProps) => {
  const Icon = ICONS[code];
  return (
    <span
      className={styles.logo}
      data-kind={DISCOUNT_CODE_KINDS[code]}
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      <Icon size={Math.round(size * 0.5)} strokeWidth={2.2} />
    </span>
  );
};
