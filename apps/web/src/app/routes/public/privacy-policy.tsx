import { PublicArticle } from '../../public-article.tsx';

export default function PrivacyPolicyRoute() {
  return (
    <PublicArticle
      title="Privacy policy"
      lead="What we store and why. A complete policy replaces this summary before launch."
    >
      <h2>What we store</h2>
      <p>Your e-mail, profile, settings, epics and payment records — what the service needs to run.</p>
      <h2>What we never do</h2>
      <p>We do not sell your data. Exchange keys are encrypted at rest and used only to place your orders.</p>
      <h2>Your choices</h2>
      <p>Ask support to export or delete your account at any time.</p>
    </PublicArticle>
  );
}
