import { FaqAccordion } from '@/features/landing/components/faq-accordion.tsx';
import { FAQ_ITEMS } from '@/features/landing/lib/faq.ts';
import { FaqSearch } from '@/features/support/components/faq-search.tsx';
import { SupportPanels } from '@/features/support/components/support-panels.tsx';
import { PublicArticle } from '../article.tsx';
import { usePublicConfig } from '../config.tsx';

export default function SupportPublicRoute() {
  const config = usePublicConfig();
  return (
    <PublicArticle
      eyebrow="Support"
      title="How can we help?"
      lead="Search the answers to the questions traders ask most, or write to the team — no account needed."
      wide
    >
      <SupportPanels
        chatHref={config.links.discordInvite}
        faqSearch={
          <FaqSearch items={FAQ_ITEMS} renderResults={(items) => <FaqAccordion items={items} embedded />} />
        }
      />
    </PublicArticle>
  );
}
