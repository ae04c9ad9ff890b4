import { ButtonLink } from '@/components/ui/button-link.tsx';
import { PublicArticle } from '../../public-article.tsx';

export default function PlansRoute() {
  return (
    <PublicArticle title="Plans" lead="One Standard plan, free until you make $100.">
      <p>
        <strong className="num">$64.98</strong> per 30 days once billing starts, paid in crypto (USDC
        recommended), plus usage fees only for volume beyond $500k per cycle. Discount codes apply for the
        life of the account.
      </p>
      <p>
        <ButtonLink to="/login?signup=1">Sign up</ButtonLink>
      </p>
    </PublicArticle>
  );
}
