import { PublicLink } from '@/components/layouts/public-layout-link.tsx';
import { PublicArticle } from '../article.tsx';

export default function PrivacyPolicyRoute() {
  return (
    <PublicArticle
      eyebrow="Legal"
      title="Privacy policy"
      updated="22 November 2026"
      lead="What CDCA stores about you, why, for how long, and what you can ask us to do with it. We keep what the service needs to trade for you and bill you — nothing more — and we never sell it."
    >
      <h2>What we store</h2>
      <h3>Your account</h3>
      <ul>
        <li>
          Your e-mail address and the identifier your sign-in provider gives you. With our own sign-in, your
          password is stored only as a salted scrypt hash; we cannot read it.
        </li>
        <li>
          What you choose to add: first and last name, profile photo, skill level, notification settings and
          trading preferences.
        </li>
        <li>Your account status and role, your rank, and the referral code you signed up with.</li>
      </ul>
      <h3>Your trading</h3>
      <ul>
        <li>
          Your epics: coin, budget, levels, spreads and their results, and every order and fill we placed for
          them. We need these to manage open positions exactly once and to show your history and stats.
        </li>
        <li>Your watchlist and the notifications we sent you.</li>
      </ul>
      <h3>Your exchange key</h3>
      <ul>
        <li>
          The API key name and private key you connect are <strong>encrypted at rest with AES-256-GCM</strong>{' '}
          under a master key that is not stored in the database, and are never shown again or written to logs.
        </li>
        <li>
          We only accept keys that <strong>cannot transfer or withdraw funds</strong>: a CDCA key can view
          your balances and place or cancel orders, nothing else. We also keep the permissions and the
          exchange account name the exchange reports, to show you what is connected.
        </li>
        <li>Removing the key in your settings deletes it.</li>
      </ul>
      <h3>Billing</h3>
      <ul>
        <li>
          Your invoices: amounts, discount code, status, due dates and the hosted charge link. Payments are
          made in cryptocurrency through a payment processor; we see the amount received and the transaction,
          never a card or bank account.
        </li>
        <li>
          Blockchain transactions are public by nature: the sending address and amount of a payment can be
          seen by anyone, independently of us.
        </li>
      </ul>
      <h3>Support requests</h3>
      <ul>
        <li>
          What you write in the contact form (e-mail, name, topic, subject, message), linked to your account
          if you were signed in, and a one-way hash of your IP address that we use only to limit abuse of the
          form.
        </li>
      </ul>
      <h3>In your browser</h3>
      <ul>
        <li>
          Your sign-in session, and a few <code>cdca.</code> entries in local storage: a referral code or
          payment id from a link you followed, the last page you opened, the coin you focused and your unsaved
          epic inputs. We use no advertising or tracking cookies and no third-party analytics.
        </li>
      </ul>
      <h3>Server logs</h3>
      <ul>
        <li>
          Requests are logged for security and debugging with secrets redacted, and kept for a limited time.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To run your epics and show you their results — the service you ask us for.</li>
        <li>To bill you, and to keep the records that tax and accounting rules require.</li>
        <li>To answer you, to secure the service and to prevent abuse.</li>
        <li>To send you the alerts you switched on. We send no marketing e-mail unless you ask for it.</li>
      </ul>

      <h2>Who else sees it</h2>
      <ul>
        <li>
          <strong>Your exchange</strong> receives the orders we place with your key, as it would if you placed
          them.
        </li>
        <li>
          <strong>Our sign-in provider</strong> (when one is configured) handles your credentials.
        </li>
        <li>
          <strong>Our crypto payment processor</strong> handles the hosted charge pages.
        </li>
        <li>Our hosting provider stores the encrypted database. Nobody else, and we never sell your data.</li>
      </ul>

      <h2>How long we keep it</h2>
      <p>
        Account, trading and support data for as long as your account exists. When you ask us to delete your
        account, we delete your profile, keys, epics, watchlist and settings; invoices are kept for as long as
        accounting law requires, then deleted.
      </p>

      <h2>Your rights</h2>
      <p>
        You can see and change most of your data in the app. You can ask us for a copy of your data, to
        correct it, to delete it, or to stop a use you object to — write to us from the{' '}
        <PublicLink href="/support-public">support page</PublicLink> and we answer within 30 days. You can
        also complain to your data-protection authority.
      </p>

      <h2>Changes</h2>
      <p>
        If we change what we collect or why, we update this page and announce it in the product before the
        change applies.
      </p>
    </PublicArticle>
  );
}
