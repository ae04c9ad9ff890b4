import { PublicArticle } from '../../public-article.tsx';

export default function PartnerStackRoute() {
  return (
    <PublicArticle title="Partner programme" lead="Refer traders to CDCA and they get a discount for life.">
      <p>
        Partners get a referral code, see the accounts they referred and receive payouts. Applications open
        soon.
      </p>
    </PublicArticle>
  );
}
