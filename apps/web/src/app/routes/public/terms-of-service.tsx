import { PublicArticle } from '../../public-article.tsx';

export default function TermsOfServiceRoute() {
  return (
    <PublicArticle
      title="Terms of service"
      lead="The rules for using CDCA. A complete legal text replaces this summary before launch."
    >
      <h2>The service</h2>
      <p>
        CDCA is software that places orders on your own exchange account according to the epics you configure.
      </p>
      <h2>Your keys and funds</h2>
      <p>Your funds stay on your exchange. Keys that allow transfers or withdrawals are refused.</p>
      <h2>Risk</h2>
      <p>
        Crypto trading is risky. Prices can fall past your last DCA level. Nothing in CDCA is financial
        advice.
      </p>
      <h2>Billing</h2>
      <p>
        Free until your epics make $100, then billed every 30 days in crypto with 5 days to pay. Unpaid
        accounts are paused.
      </p>
    </PublicArticle>
  );
}
