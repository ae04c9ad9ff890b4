import { PublicLink } from '@/components/layouts/public-layout-link.tsx';
import { PublicArticle } from '../article.tsx';

export default function TermsOfServiceRoute() {
  return (
    <PublicArticle
      eyebrow="Legal"
      title="Terms of service"
      updated="22 November 2026"
      lead="These terms are the agreement between you and CDCA when you use the service. They are written to be read: if anything is unclear, ask us before you trade."
    >
      <h2>1. What CDCA is</h2>
      <p>
        CDCA is software that places orders on <strong>your own exchange account</strong> according to the
        positions (epics) you configure: a coin, a budget, DCA levels, spreads, load and scaling. CDCA is not
        an exchange, a broker, a bank or an investment adviser. It never holds your money or your coins, and
        it cannot move them off your exchange account.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>You must be at least 18 and allowed to trade crypto-assets where you live.</li>
        <li>
          You sign in through our identity provider. Keep your password to yourself; you are responsible for
          what happens under your account.
        </li>
        <li>
          During the beta, access is granted through our community chat server and may be limited to invited
          e-mail addresses.
        </li>
      </ul>

      <h2>3. Your exchange account and API keys</h2>
      <ul>
        <li>You need a verified account at a supported exchange (today: Coinbase Advanced Trade).</li>
        <li>
          You connect it with an API key that can <strong>view and trade only</strong>. We refuse any key with
          the transfer or withdrawal permission, and we ask you to create a key for CDCA alone.
        </li>
        <li>
          We store the key encrypted (AES-256-GCM) and use it only to read your balances and orders and to
          place and cancel the orders your epics call for. You can remove it at any time; CDCA stops trading
          for you at once.
        </li>
        <li>
          The exchange's own terms, fees, limits and outages apply to every order. Exchange fees are charged
          by the exchange, not by us.
        </li>
      </ul>

      <h2>4. Epics and how orders are placed</h2>
      <p>
        When you create an epic, CDCA buys the first level at once and places or watches the other levels as
        the price moves; after every buy it keeps one take-profit sell order for everything bought, at your
        average buy price plus your sell spread. The epic closes when that order fills. You can cancel an epic
        (the coins it bought stay in your account) or liquidate it (they are sold at the market).
      </p>
      <p>
        Orders depend on the exchange accepting them. Prices can move between the moment a level is reached
        and the moment an order fills; a market can gap past a level or a stop. A level too small for the
        exchange's minimum order size cannot be placed, which is why we recommend a portfolio of at least $5k.
      </p>

      <h2>5. Risk</h2>
      <p>
        <strong>Crypto-assets are volatile and you can lose money.</strong> Dollar-cost averaging lowers your
        average buy price as a price falls; it does not stop the price from falling further. An epic can wait
        a long time for its take-profit, or never reach it. Nothing CDCA shows you — examples, result cards,
        tutorials or community posts — is financial advice or a promise of returns. Only trade money you can
        afford to hold through a downturn.
      </p>

      <h2>6. Billing</h2>
      <ul>
        <li>
          CDCA is free until your epics have made you $100 in realised profit. From then on the plan is billed
          every 30 days at the price shown on the <PublicLink href="/plans">plans page</PublicLink> for your
          account, plus usage fees on trading volume (bought plus sold) beyond $500k in a cycle.
        </li>
        <li>
          Payment is in cryptocurrency only, through a hosted payment link: any coin or wallet, USDC
          recommended. A discount from a referral or launch code applies for the life of the account.
        </li>
        <li>
          Each invoice has 5 days to be paid. An unpaid invoice past its due date deactivates the account:
          CDCA stops placing new orders for you until it is paid. Nothing is sold because of a late payment.
        </li>
        <li>
          Crypto payments cannot be reversed by us. If you paid the wrong amount or twice, contact support and
          we will credit or return the difference.
        </li>
      </ul>

      <h2>7. Acceptable use</h2>
      <p>
        Do not use CDCA to break the law or an exchange's rules, to manipulate markets, to access another
        person's account, or to overload or probe the service. We may suspend accounts that do.
      </p>

      <h2>8. Availability and liability</h2>
      <p>
        We work to keep CDCA running around the clock and to apply every fill exactly once, but the service,
        the exchange and the internet can fail. To the extent the law allows, CDCA is provided as is, and we
        are not liable for trading losses, missed trades or exchange outages. Our total liability to you is
        limited to the fees you paid us in the 12 months before the claim. Nothing here limits rights you have
        by law as a consumer.
      </p>

      <h2>9. Ending the agreement</h2>
      <p>
        You can stop at any time: cancel or liquidate your epics, remove your API key, and ask support to
        delete your account. We may end or suspend the service for you with notice, or at once for a serious
        breach of these terms.
      </p>

      <h2>10. Changes and contact</h2>
      <p>
        We will announce material changes to these terms in the product and in our community server before
        they take effect. Questions? Write to us from the{' '}
        <PublicLink href="/support-public">support page</PublicLink>.
      </p>
    </PublicArticle>
  );
}
